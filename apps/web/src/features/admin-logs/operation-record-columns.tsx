import type { OperationRecord } from '@app/contract/admin/logs/operation-record';
import { Tag } from 'antd';
import { formatDate } from '../../lib/format';
import { resultLabel } from '../../lib/labels/log-labels';
import { AsWrittenCell } from '../../widgets/data-grid/as-written-cell';
import type { GridColDef } from '../../widgets/data-grid/column-widths';
import { changeSummary } from './change-summary';

type Translate = (msgid: string) => string;

/**
 * The audit log's columns; the server sorts by time, action, target type and result. What is
 * recorded as written (actions, targets, changes, clients) shows whole in its title when cut; the
 * user agent is hidden by default.
 */
export function operationRecordColumns(t: Translate): GridColDef<OperationRecord>[] {
  return [
    {
      field: 'creation_time',
      headerName: t('Time'),
      kind: 'dateTime',
      valueFormatter: ({ value }) => formatDate(value),
    },
    {
      field: 'actor_email',
      headerName: t('Actor'),
      sortable: false,
      valueFormatter: ({ data }) => data?.actor_email ?? data?.actor_id ?? t('System'),
    },
    // Actions, targets, changes and clients are the record's data, shown as recorded.
    { field: 'action', headerName: t('Action'), kind: 'code', cellRenderer: AsWrittenCell },
    {
      field: 'target_type',
      headerName: t('Target'),
      kind: 'code',
      valueFormatter: ({ data }) => (data ? `${data.target_type} ${data.target_id ?? ''}`.trim() : ''),
      cellRenderer: AsWrittenCell,
    },
    {
      colId: 'changes',
      headerName: t('Changes'),
      sortable: false,
      kind: 'longText',
      valueGetter: ({ data }) => (data ? changeSummary(data).join('; ') : ''),
      cellRenderer: AsWrittenCell,
    },
    { field: 'ip', headerName: t('IP address'), sortable: false, kind: 'code', samples: ['000.000.000.000'] },
    {
      field: 'user_agent',
      headerName: t('User agent'),
      sortable: false,
      kind: 'longText',
      cellRenderer: AsWrittenCell,
    },
    {
      field: 'result',
      headerName: t('Result'),
      kind: 'status',
      samples: [resultLabel('success', t), resultLabel('failure', t)],
      cellRenderer: ({ data }: { data?: OperationRecord }) =>
        data ? (
          <Tag color={data.result === 'success' ? 'green' : 'red'}>{resultLabel(data.result, t)}</Tag>
        ) : null,
    },
  ];
}
