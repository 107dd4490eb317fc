import { describe, expect, it } from 'vitest';
import {
  FILTER_MIN_ROWS,
  filtersEnabled,
  GRID_PAGE_SIZE,
  GRID_PAGE_SIZES,
  LOADING_SKELETON_DELAY_MS,
} from './grid-rules';

describe('grid rules (spec section 9)', () => {
  it('grid page size 10, with the choices 10, 20, 50, 100', () => {
    expect(GRID_PAGE_SIZE).toBe(10);
    expect(GRID_PAGE_SIZES).toEqual([10, 20, 50, 100]);
  });

  it('column filters turn on at 20 rows, off at 19', () => {
    expect(FILTER_MIN_ROWS).toBe(20);
    expect(filtersEnabled(20)).toBe(true);
    expect(filtersEnabled(19)).toBe(false);
    expect(filtersEnabled(0)).toBe(false);
  });

  it('the loading skeleton waits 750 ms', () => {
    expect(LOADING_SKELETON_DELAY_MS).toBe(750);
  });
});
