import { ALL } from './filter-types';

/**
 * Spec section 4: in a check-list, choosing 'all' clears the other choices and choosing another
 * removes 'all'. Choosing a checked choice unchecks it; nothing left means 'all' again.
 */
export function toggleCheckList(current: string[], choice: string): string[] {
  if (choice === ALL) return [ALL];
  const others = current.filter((value) => value !== ALL);
  const next = others.includes(choice) ? others.filter((value) => value !== choice) : [...others, choice];
  return next.length > 0 ? next : [ALL];
}
