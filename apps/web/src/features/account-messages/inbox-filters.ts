import { inboxListFields } from '@app/contract/messages/inbox';
import { MESSAGE_LEVELS, messageLevelLabel } from '../../lib/labels/message-labels';
import { filterConfigFrom } from '../../widgets/filter-drawer/filter-config-from-fields';
import type { FilterConfig, FilterValues } from '../../widgets/filter-drawer/filter-types';

type Translate = (msgid: string) => string;

/** The read-state choice above the list; `read` is the server's bool filter. */
export type ReadChoice = 'all' | 'unread' | 'read';

/** Filters in the drawer: level and time (controls from the contract's `inboxListFields`). */
export function inboxDrawerFilters(t: Translate): FilterConfig {
  return filterConfigFrom(inboxListFields, {
    level: {
      alias: t('Level'),
      options: MESSAGE_LEVELS.map((level) => ({ name: messageLevelLabel(level, t), value: level })),
    },
    creation_time: { alias: t('Time') },
  });
}

/**
 * Every filter the list sends: the drawer's and the read state, which has its own switch above the
 * list (it is the filter people use most) instead of a place in the drawer.
 */
export function inboxListFilters(t: Translate): FilterConfig {
  return { ...filterConfigFrom(inboxListFields, { read: { alias: t('Read') } }), ...inboxDrawerFilters(t) };
}

export function readChoiceOf(filters: FilterValues): ReadChoice {
  const value = filters.read?.value;
  if (value === true) return 'read';
  if (value === false) return 'unread';
  return 'all';
}

/** The filters with the read state set to `choice`, the others kept. */
export function withReadChoice(filters: FilterValues, choice: ReadChoice): FilterValues {
  const { read: _previous, ...rest } = filters;
  if (choice === 'all') return rest;
  return { ...rest, read: { type: 'bool', value: choice === 'read' } };
}
