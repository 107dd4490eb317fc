import type { OperationRecord } from '@app/contract/admin/logs/operation-record';
import type { ColDef } from 'ag-grid-community';
import { Tag } from 'antd';
import { formatDate } from '../../lib/format';
import { resultLabel } from '../../lib/labels/log-labels';
import { AsWrittenCell } from '../../widgets/data-grid/as-written-cell';
import { changeSummary } from './change-summary';

type Translate = (msgid: string) => string;

/**
 * The audit log's columns; the server sorts by time, action, target type and result. The minimum
 * widths add up to what fits beside the folded menu at 1024 px (the user agent is hidden by default).
 */
export function operationRecordColumns(t: Translate): ColDef<OperationRecord>[] {
  return [
    {
      field: 'creation_time',
      headerName: t('Time'),
      minWidth: 160,
      valueFormatter: ({ value }) => formatDate(value),
    },
    {
      field: 'actor_email',
      headerName: t('Actor'),
      sortable: false,
      minWidth: 150,
      valueFormatter: ({ data }) => data?.actor_email ?? data?.actor_id ?? t('System'),
    },
    // Actions, targets, changes and clients are the record's data, shown as recorded.
    { field: 'action', headerName: t('Action'), minWidth: 140, cellRenderer: AsWrittenCell },
    {
      field: 'target_type',
      headerName: t('Target'),
      minWidth: 120,
      valueFormatter: ({ data }) => (data ? `${data.target_type} ${data.target_id ?? ''}`.trim() : ''),
      cellRenderer: AsWrittenCell,
    },
    {
      colId: 'changes',
      headerName: t('Changes'),
      sortable: false,
      flex: 2,
      minWidth: 150,
      valueGetter: ({ data }) => (data ? changeSummary(data).join('; ') : ''),
      cellRenderer: AsWrittenCell,
    },
    { field: 'ip', headerName: t('IP address'), sortable: false, minWidth: 100 },
    {
      field: 'user_agent',
      headerName: t('User agent'),
      sortable: false,
      minWidth: 160,
      cellRenderer: AsWrittenCell,
    },
    {
      field: 'result',
      headerName: t('Result'),
      minWidth: 90,
      maxWidth: 120,
      cellRenderer: ({ data }: { data?: OperationRecord }) =>
        data ? (
          <Tag color={data.result === 'success' ? 'green' : 'red'}>{resultLabel(data.result, t)}</Tag>
        ) : null,
    },
  ];
}
