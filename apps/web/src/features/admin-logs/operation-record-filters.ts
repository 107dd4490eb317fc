import { operationRecordListFields } from '@app/contract/admin/logs/list-operation-records';
import { filterConfigFrom } from '../../widgets/filter-drawer/filter-config-from-fields';
import type { FilterConfig } from '../../widgets/filter-drawer/filter-types';
import { RECORDED_ACTIONS } from './logs-api';

type Translate = (msgid: string) => string;

/** Action, result and time; the contract's `operationRecordListFields` decide the controls. */
export function operationRecordFilters(t: Translate): FilterConfig {
  return filterConfigFrom(operationRecordListFields, {
    action: {
      alias: t('Action'),
      // Action codes are identifiers operators search for verbatim; they are not translated.
      options: RECORDED_ACTIONS.map((action) => ({ name: action, value: action })),
    },
    result: {
      alias: t('Result'),
      options: [
        { name: t('Success'), value: 'success' },
        { name: t('Failure'), value: 'failure' },
      ],
    },
    creation_time: { alias: t('Time') },
  });
}
