import dayjs, { type Dayjs } from 'dayjs';

const YYYYMM = /^(\d{4})(0[1-9]|1[0-2])$/;

/**
 * Spec section 2: the date pickers read the optional query parameter `year_month` or `month`
 * (YYYYMM) to preset a month. `year_month` wins when both are there; anything else gives null.
 */
export function presetMonth(search: URLSearchParams): Dayjs | null {
  for (const name of ['year_month', 'month']) {
    const match = YYYYMM.exec(search.get(name)?.trim() ?? '');
    if (match) return dayjs(`${match[1]}-${match[2]}-01`).startOf('month');
  }
  return null;
}
