import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_GROUP, normalizePageGroup, pageCount, pageItems } from './page-group';

/** Compact picture of the pager: numbers, and "…" for an ellipsis. */
const picture = (current: number, pages: number, group: number) =>
  pageItems(current, pages, group)
    .map((item) => (item.type === 'page' ? String(item.page) : '…'))
    .join(' ');

describe('page group (spec section 9: default 1, made odd)', () => {
  it('page group 2 becomes 3, default 1', () => {
    expect(DEFAULT_PAGE_GROUP).toBe(1);
    expect(normalizePageGroup(2)).toBe(3);
    expect(normalizePageGroup(1)).toBe(1);
    expect(normalizePageGroup(5)).toBe(5);
    expect(normalizePageGroup(4.6)).toBe(5);
  });

  it('a group that is not a positive number becomes 1 (or its absolute odd value)', () => {
    expect(normalizePageGroup(0)).toBe(1);
    expect(normalizePageGroup(Number.NaN)).toBe(1);
    expect(normalizePageGroup(-3)).toBe(3);
  });

  it('group 1 shows only the current page between the first and the last', () => {
    expect(picture(10, 20, 1)).toBe('1 … 10 … 20');
    expect(picture(1, 20, 1)).toBe('1 … 20');
    expect(picture(20, 20, 1)).toBe('1 … 20');
  });

  it('group 3 centres the current page; a gap of one page shows that page, not an ellipsis', () => {
    expect(picture(10, 20, 3)).toBe('1 … 9 10 11 … 20');
    expect(picture(3, 20, 3)).toBe('1 2 3 4 … 20');
    expect(picture(1, 20, 3)).toBe('1 2 3 … 20');
    expect(picture(18, 20, 3)).toBe('1 … 17 18 19 20');
  });

  it('an even group is shown as the next odd one', () => {
    expect(picture(10, 20, 2)).toBe(picture(10, 20, 3));
  });

  it('few pages show every page', () => {
    expect(picture(2, 3, 1)).toBe('1 2 3');
    expect(picture(1, 1, 5)).toBe('1');
  });

  it('an ellipsis jumps at least 5 pages, within range', () => {
    const items = pageItems(10, 20, 1);
    expect(items.find((item) => item.type === 'jump-prev')?.page).toBe(5);
    expect(items.find((item) => item.type === 'jump-next')?.page).toBe(15);
    expect(pageItems(5, 40, 1).find((item) => item.type === 'jump-prev')?.page).toBe(1);
  });

  it('counts pages from the total and size, at least one', () => {
    expect(pageCount(101, 10)).toBe(11);
    expect(pageCount(0, 10)).toBe(1);
  });
});
