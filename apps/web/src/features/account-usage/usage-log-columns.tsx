import type { ColDef } from 'ag-grid-community';
import { formatCompactNumber, formatDate, formatDecimal } from '../../lib/format';
import { functionLabel, usageStatusLabel } from '../../widgets/billing-labels/billing-labels';
import type { FilterConfig } from '../../widgets/filter-drawer/filter-types';
import type { UsageLogRow } from './usage-api';

type Translate = (msgid: string, options?: Record<string, unknown>) => string;

/** The usage log: who ran which function on which model, its tokens, credits and latency. */
export function usageLogColumns(t: Translate, names?: ReadonlyMap<string, string>): ColDef<UsageLogRow>[] {
  return [
    {
      field: 'creation_time',
      headerName: t('Time'),
      minWidth: 170,
      valueFormatter: ({ value }) => formatDate(value),
    },
    {
      colId: 'user',
      headerName: t('Member'),
      sortable: false,
      minWidth: 120,
      valueGetter: ({ data }) => data?.user?.username ?? '',
    },
    {
      field: 'function_key',
      headerName: t('Function'),
      minWidth: 140,
      valueFormatter: ({ value }) => functionLabel(String(value ?? ''), t, names),
    },
    { field: 'model', headerName: t('Model'), minWidth: 150 },
    {
      colId: 'tokens',
      headerName: t('Tokens (in / out)'),
      sortable: false,
      minWidth: 140,
      valueGetter: ({ data }) =>
        data ? `${formatCompactNumber(data.input_tokens)} / ${formatCompactNumber(data.output_tokens)}` : '',
    },
    { field: 'credits', headerName: t('Credits'), minWidth: 100, type: 'numericColumn' },
    {
      field: 'latency_ms',
      headerName: t('Latency'),
      minWidth: 110,
      type: 'numericColumn',
      valueFormatter: ({ value }) => (typeof value === 'number' ? `${formatDecimal(value / 1000, 2)} s` : ''),
    },
    {
      field: 'status',
      headerName: t('Status'),
      sortable: false,
      minWidth: 110,
      valueFormatter: ({ value }) => usageStatusLabel(value, t),
    },
  ];
}

export function usageLogFilters(t: Translate): FilterConfig {
  return {
    status: {
      alias: t('Status'),
      type: 'option',
      options: [
        { name: usageStatusLabel('settled', t), value: 'settled' },
        { name: usageStatusLabel('released', t), value: 'released' },
      ],
    },
    creation_time: { alias: t('Time'), type: 'range' },
  };
}
