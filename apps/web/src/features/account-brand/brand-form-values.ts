import type { BrandInput, BrandProfile } from '@app/contract/account/brand/brand';

/** What the form edits: the wire's input, competitors as one row each. */
export type BrandFormValues = BrandInput;

export function toFormValues(brand: BrandProfile): BrandFormValues {
  return {
    brand_name: brand.brand_name,
    website: brand.website,
    description: brand.description,
    tone_of_voice: brand.tone_of_voice,
    keywords: brand.keywords,
    competitors: brand.competitors,
  };
}

type BrandField = keyof BrandFormValues;
export type BrandFieldName = BrandField | ['competitors', number];

const FIELDS: readonly BrandField[] = [
  'brand_name',
  'website',
  'description',
  'tone_of_voice',
  'keywords',
  'competitors',
];

function isBrandField(name: string | undefined): name is BrandField {
  return FIELDS.some((field) => field === name);
}

/**
 * Where a server field error belongs. The server names list entries by index (`competitors.1`,
 * `keywords.0`): a competitor has its own row, while the keywords share one tags input.
 */
export function brandFieldFor(wireName: string): BrandFieldName | null {
  const [head, index] = wireName.split('.');
  if (!isBrandField(head)) return null;
  if (head === 'competitors' && index !== undefined && /^\d+$/.test(index))
    return ['competitors', Number(index)];
  return head;
}
