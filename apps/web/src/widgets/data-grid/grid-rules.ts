/** Spec section 9: grid page size 10, with the list's size choices. */
export const GRID_PAGE_SIZE = 10;
export const GRID_PAGE_SIZES = [10, 20, 50, 100];

/** Spec section 9: column filters turn on for 20 or more rows; fewer fit on two pages anyway. */
export const FILTER_MIN_ROWS = 20;

/** Spec section 9: a loading skeleton shows after 750 ms, so a fast load never flashes one. */
export const LOADING_SKELETON_DELAY_MS = 750;

export function filtersEnabled(rowCount: number): boolean {
  return rowCount >= FILTER_MIN_ROWS;
}
