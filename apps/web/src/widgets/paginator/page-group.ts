/** Spec section 9: the page group (page buttons around the current one) defaults to 1. */
export const DEFAULT_PAGE_GROUP = 1;

/**
 * Spec section 9: the page group is made odd, so the current page sits in its middle with as many
 * buttons on each side (2 becomes 3). Anything that is not a positive number falls back to 1.
 */
export function normalizePageGroup(n: number): number {
  if (!Number.isFinite(n)) return DEFAULT_PAGE_GROUP;
  const whole = Math.max(1, Math.trunc(Math.abs(n)));
  return whole % 2 === 0 ? whole + 1 : whole;
}

export type PageItem =
  | { type: 'page'; page: number }
  /** An ellipsis standing for hidden pages; clicking it moves `page`. */
  | { type: 'jump-prev' | 'jump-next'; page: number };

/** How far an ellipsis jumps: a group of 1 would otherwise crawl page by page. */
const MIN_JUMP = 5;

export function pageCount(total: number, pageSize: number): number {
  if (!(total > 0) || !(pageSize > 0)) return 1;
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The buttons to show: the first and the last page, the group centred on the current page
 * (shifted to stay inside the range), and an ellipsis for each gap of more than one page (a gap of
 * exactly one page shows that page, since an ellipsis would hide nothing).
 */
export function pageItems(current: number, pages: number, group: number): PageItem[] {
  const last = Math.max(1, Math.trunc(pages));
  const size = Math.min(normalizePageGroup(group), last);
  const page = Math.min(Math.max(1, Math.trunc(current)), last);
  const half = (size - 1) / 2;
  const start = Math.min(Math.max(1, page - half), last - size + 1);
  const end = start + size - 1;
  const jump = Math.max(MIN_JUMP, size);

  const items: PageItem[] = [];
  if (start > 1) items.push({ type: 'page', page: 1 });
  if (start === 3) items.push({ type: 'page', page: 2 });
  if (start > 3) items.push({ type: 'jump-prev', page: Math.max(1, page - jump) });
  for (let n = start; n <= end; n += 1) items.push({ type: 'page', page: n });
  if (end === last - 2) items.push({ type: 'page', page: last - 1 });
  if (end < last - 2) items.push({ type: 'jump-next', page: Math.min(last, page + jump) });
  if (end < last) items.push({ type: 'page', page: last });
  return items;
}
