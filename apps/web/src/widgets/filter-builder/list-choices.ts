import { toggleCheckList } from '../filter-drawer/check-list';
import { ALL } from '../filter-drawer/filter-types';

/**
 * A multi-select's next choices. Where 'all' is offered, the drawer's rule applies (spec section
 * 4): choosing 'all' clears the others, choosing another removes 'all', and nothing left is 'all'
 * again. A select reports its whole new list, so the one choice toggled is found first.
 */
export function nextListChoices(previous: string[], next: string[], withAll: boolean): string[] {
  if (!withAll) return next;
  if (next.length === 0) return [ALL];
  const toggled =
    next.find((choice) => !previous.includes(choice)) ?? previous.find((choice) => !next.includes(choice));
  return toggled === undefined ? next : toggleCheckList(previous, toggled);
}
