import {
  type CallOutcome,
  EXTERNAL_API_LABELS,
  type ExternalCall,
} from '@app/contract/connectors/admin-interfaces';
import { Tag } from 'antd';
import { formatDate } from '../../lib/format';
import { callOutcomeLabel } from '../../lib/labels/connector-labels';
import type { GridColDef } from '../../widgets/data-grid/column-widths';

type Translate = (msgid: string) => string;

/** Each outcome in words (the filter's choices). */
export function outcomeLabels(t: Translate): Record<CallOutcome, string> {
  return {
    ok: callOutcomeLabel('ok', t),
    quota: callOutcomeLabel('quota', t),
    auth: callOutcomeLabel('auth', t),
    error: callOutcomeLabel('error', t),
    unreachable: callOutcomeLabel('unreachable', t),
  };
}

const OUTCOME_COLOR: Record<CallOutcome, string> = {
  ok: 'success',
  quota: 'warning',
  auth: 'error',
  error: 'error',
  unreachable: 'default',
};

/** The recent call log: never a token or a query string (the server keeps none). */
export function callColumns(t: Translate): GridColDef<ExternalCall>[] {
  const outcomes = outcomeLabels(t);
  return [
    {
      field: 'created_at',
      headerName: t('Time'),
      kind: 'dateTime',
      valueFormatter: ({ value }) => formatDate(value),
    },
    {
      field: 'api',
      headerName: t('Interface'),
      valueFormatter: ({ value }: { value: ExternalCall['api'] }) => t(EXTERNAL_API_LABELS[value]),
    },
    {
      colId: 'request',
      headerName: t('Request'),
      sortable: false,
      kind: 'longText',
      valueGetter: ({ data }) => (data ? `${data.method} ${data.path}` : ''),
    },
    {
      field: 'status',
      headerName: t('Status'),
      kind: 'number',
      samples: ['000'],
      valueFormatter: ({ value }) => value ?? '—',
    },
    {
      field: 'outcome',
      headerName: t('Outcome'),
      kind: 'status',
      samples: Object.values(outcomes),
      cellRenderer: ({ data }: { data?: ExternalCall }) =>
        data ? <Tag color={OUTCOME_COLOR[data.outcome]}>{outcomes[data.outcome]}</Tag> : null,
    },
    {
      colId: 'error_code',
      headerName: t('Error code'),
      sortable: false,
      kind: 'code',
      valueGetter: ({ data }) => data?.error_code ?? '',
    },
    { field: 'latency_ms', headerName: t('Latency (ms)'), kind: 'number', type: 'numericColumn' },
    {
      colId: 'quota_cost',
      headerName: t('Quota'),
      sortable: false,
      kind: 'number',
      type: 'numericColumn',
      valueGetter: ({ data }) => data?.quota_cost ?? 0,
    },
    {
      colId: 'team_name',
      headerName: t('Team'),
      sortable: false,
      valueGetter: ({ data }) => data?.team_name ?? '—',
    },
  ];
}
