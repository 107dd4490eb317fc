import { creditLedgerListFields, zCreditEntryKind } from '@app/contract/billing/credits';
import { Typography } from 'antd';
import { formatDate } from '../../lib/format';
import { seededText } from '../../lib/labels/seeded-labels';
import { creditEntryKindLabel } from '../../widgets/billing-labels/billing-labels';
import type { GridColDef } from '../../widgets/data-grid/column-widths';
import { filterConfigFrom } from '../../widgets/filter-drawer/filter-config-from-fields';
import type { FilterConfig } from '../../widgets/filter-drawer/filter-types';
import type { CreditEntry } from './subscription-api';

type Translate = (msgid: string, options?: Record<string, unknown>) => string;

export function ledgerColumns(t: Translate): GridColDef<CreditEntry>[] {
  return [
    {
      field: 'creation_time',
      headerName: t('Time'),
      kind: 'dateTime',
      valueFormatter: ({ value }) => formatDate(value),
    },
    {
      field: 'kind',
      headerName: t('Type'),
      sortable: false,
      samples: zCreditEntryKind.options.map((kind) => creditEntryKindLabel(kind, t)),
      valueFormatter: ({ value }) => creditEntryKindLabel(String(value ?? ''), t),
    },
    {
      field: 'amount',
      headerName: t('Credits'),
      kind: 'number',
      type: 'numericColumn',
      cellRenderer: ({ data }: { data?: CreditEntry }) =>
        data ? (
          <Typography.Text type={data.amount < 0 ? 'danger' : 'success'}>
            {data.amount > 0 ? `+${data.amount}` : data.amount}
          </Typography.Text>
        ) : null,
    },
    {
      field: 'balance_after',
      headerName: t('Balance after'),
      sortable: false,
      kind: 'number',
      type: 'numericColumn',
    },
    {
      field: 'note',
      headerName: t('Note'),
      sortable: false,
      kind: 'longText',
      // A grant's note is the plan's name: a seeded one ('Pro') reads in the reader's language.
      valueFormatter: ({ value }) => seededText(String(value ?? ''), t),
    },
    {
      colId: 'user',
      headerName: t('Member'),
      sortable: false,
      valueGetter: ({ data }) => data?.user?.username ?? '',
    },
  ];
}

export function ledgerFilters(t: Translate): FilterConfig {
  return filterConfigFrom(creditLedgerListFields, {
    kind: {
      alias: t('Type'),
      options: [
        { name: t('Granted'), value: 'grant' },
        { name: t('Purchased'), value: 'purchase' },
        { name: t('Used'), value: 'usage' },
        { name: t('Refunded'), value: 'refund' },
        { name: t('Expired'), value: 'expire' },
        { name: t('Adjusted'), value: 'adjust' },
      ],
    },
    creation_time: { alias: t('Time') },
  });
}
