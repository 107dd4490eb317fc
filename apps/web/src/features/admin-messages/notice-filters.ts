import type { FilterConfig } from '../../widgets/filter-drawer/filter-types';
import { levelChoices } from './message-levels';

type Translate = (msgid: string) => string;

export function noticeFilters(t: Translate): FilterConfig {
  return {
    level: {
      alias: t('Level'),
      type: 'option',
      options: levelChoices(t).map(({ value, label }) => ({ name: label, value })),
    },
    pop_up: { alias: t('Pop-up'), type: 'bool', on: t('Pop-up'), off: t('No pop-up') },
    creation_time: { alias: t('Created'), type: 'range' },
  };
}
