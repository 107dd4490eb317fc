import { normalizePageSize, PAGE_SIZES } from '@app/contract/list';

/**
 * A page size the user typed into the size box, made an absolute integer of at least 2 (spec
 * section 5): "1" -> 2, "-20" -> 20, "7.9" -> 7. Text that is not a number gives null, so half-typed
 * input ("-", "") offers nothing rather than a surprise.
 */
export function customPageSize(text: string): number | null {
  const trimmed = text.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(trimmed)) return null;
  return normalizePageSize(Number(trimmed));
}

/** The offered sizes (10, 20, 50, 100) plus the current one when it is a custom size. */
export function pageSizeChoices(current: number): number[] {
  const sizes: number[] = [...PAGE_SIZES];
  if (!sizes.includes(current)) sizes.push(current);
  return sizes.sort((a, b) => a - b);
}
