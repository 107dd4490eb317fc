import type { FilterConfig } from '../../widgets/filter-drawer/filter-types';
import { RECORDED_ACTIONS } from './logs-api';

type Translate = (msgid: string) => string;

export function operationRecordFilters(t: Translate): FilterConfig {
  return {
    action: {
      alias: t('Action'),
      type: 'option',
      // Action codes are identifiers operators search for verbatim; they are not translated.
      options: RECORDED_ACTIONS.map((action) => ({ name: action, value: action })),
    },
    result: {
      alias: t('Result'),
      type: 'option',
      options: [
        { name: t('Success'), value: 'success' },
        { name: t('Failure'), value: 'failure' },
      ],
    },
    creation_time: { alias: t('Time'), type: 'range' },
  };
}
