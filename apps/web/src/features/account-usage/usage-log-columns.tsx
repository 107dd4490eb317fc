import { usageLogListFields } from '@app/contract/billing/usage';
import { formatCompactNumber, formatDate, formatDecimal } from '../../lib/format';
import { functionLabel, usageStatusLabel } from '../../widgets/billing-labels/billing-labels';
import type { GridColDef } from '../../widgets/data-grid/column-widths';
import { filterConfigFrom } from '../../widgets/filter-drawer/filter-config-from-fields';
import type { FilterConfig } from '../../widgets/filter-drawer/filter-types';
import type { UsageLogRow } from './usage-api';

type Translate = (msgid: string, options?: Record<string, unknown>) => string;

/** The usage log: who ran which function on which model, its tokens, credits and latency. */
export function usageLogColumns(
  t: Translate,
  names?: ReadonlyMap<string, string>,
): GridColDef<UsageLogRow>[] {
  return [
    {
      field: 'creation_time',
      headerName: t('Time'),
      kind: 'dateTime',
      valueFormatter: ({ value }) => formatDate(value),
    },
    {
      colId: 'user',
      headerName: t('Member'),
      sortable: false,
      valueGetter: ({ data }) => data?.user?.username ?? '',
    },
    {
      field: 'function_key',
      headerName: t('Function'),
      valueFormatter: ({ value }) => functionLabel(String(value ?? ''), t, names),
    },
    { field: 'model', headerName: t('Model'), kind: 'code' },
    {
      colId: 'tokens',
      headerName: t('Tokens (in / out)'),
      sortable: false,
      kind: 'number',
      samples: ['000.00K / 000.00K'],
      valueGetter: ({ data }) =>
        data ? `${formatCompactNumber(data.input_tokens)} / ${formatCompactNumber(data.output_tokens)}` : '',
    },
    { field: 'credits', headerName: t('Credits'), kind: 'number', type: 'numericColumn' },
    {
      field: 'latency_ms',
      headerName: t('Latency'),
      kind: 'number',
      samples: ['000.00 s'],
      type: 'numericColumn',
      valueFormatter: ({ value }) => (typeof value === 'number' ? `${formatDecimal(value / 1000, 2)} s` : ''),
    },
    {
      field: 'status',
      headerName: t('Status'),
      sortable: false,
      samples: ['settled', 'released'].map((status) => usageStatusLabel(status, t)),
      valueFormatter: ({ value }) => usageStatusLabel(value, t),
    },
  ];
}

export function usageLogFilters(t: Translate): FilterConfig {
  return filterConfigFrom(usageLogListFields, {
    status: {
      alias: t('Status'),
      options: [
        { name: usageStatusLabel('settled', t), value: 'settled' },
        { name: usageStatusLabel('released', t), value: 'released' },
      ],
    },
    creation_time: { alias: t('Time') },
  });
}
