import { noticeListFields } from '@app/contract/messages/notices';
import { filterConfigFrom } from '../../widgets/filter-drawer/filter-config-from-fields';
import type { FilterConfig } from '../../widgets/filter-drawer/filter-types';
import { levelChoices } from './message-levels';

type Translate = (msgid: string) => string;

/** Level, pop-up and creation time; the contract's `noticeListFields` decide the controls. */
export function noticeFilters(t: Translate): FilterConfig {
  return filterConfigFrom(noticeListFields, {
    level: {
      alias: t('Level'),
      options: levelChoices(t).map(({ value, label }) => ({ name: label, value })),
    },
    pop_up: { alias: t('Pop-up'), on: t('Pop-up'), off: t('No pop-up') },
    creation_time: { alias: t('Created') },
  });
}
