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
