import { EXTERNAL_API_LABELS, EXTERNAL_APIS } from '@app/contract/connectors/admin-interfaces';
import type { FilterConfig } from '../../widgets/filter-drawer/filter-types';
import { outcomeLabels } from './call-columns';

type Translate = (msgid: string) => string;

export function callFilters(t: Translate): FilterConfig {
  const outcomes = outcomeLabels(t);
  return {
    api: {
      alias: t('Interface'),
      type: 'check_list',
      options: EXTERNAL_APIS.map((api) => ({ name: t(EXTERNAL_API_LABELS[api]), value: api })),
    },
    outcome: {
      alias: t('Outcome'),
      type: 'check_list',
      options: (['ok', 'quota', 'auth', 'error', 'unreachable'] as const).map((outcome) => ({
        name: outcomes[outcome],
        value: outcome,
      })),
    },
    created_at: { alias: t('Time'), type: 'range' },
  };
}
