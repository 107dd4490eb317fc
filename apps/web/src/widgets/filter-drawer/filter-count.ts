import {
  defaultFilterValues,
  effectiveFilterValues,
  isEmptyFilterValue,
  sameFilterValue,
} from './filter-defaults';
import type { FilterConfig, FilterValues } from './filter-types';

/**
 * Spec section 4: the filter count counts active non-default selections. A field set back to
 * 'all' while its default is a specific option filters nothing, so it does not count either.
 */
export function filterCount(config: FilterConfig, values: FilterValues): number {
  const defaults = defaultFilterValues(config);
  let count = 0;
  for (const [field, value] of Object.entries(effectiveFilterValues(config, values))) {
    const fallback = defaults[field];
    if (isEmptyFilterValue(value)) continue;
    if (fallback && sameFilterValue(value, fallback)) continue;
    count += 1;
  }
  return count;
}
