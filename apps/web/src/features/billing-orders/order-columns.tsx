import type { ColDef } from 'ag-grid-community';
import { formatDate, formatMoney } from '../../lib/format';
import { planNameLabel } from '../../lib/labels/seeded-labels';
import { invoiceStatusLabel, orderKindLabel } from '../../widgets/billing-labels/billing-labels';
import { StatusTag } from '../../widgets/billing-labels/status-tag';
import type { FilterConfig } from '../../widgets/filter-drawer/filter-types';
import type { OrderRow } from './orders-api';

type Translate = (msgid: string, options?: Record<string, unknown>) => string;

/** The orders list's columns; the server sorts by number, plan, status, price and time. */
export function orderColumns(t: Translate): ColDef<OrderRow>[] {
  return [
    { field: 'order_num', headerName: t('Order number'), minWidth: 190 },
    {
      field: 'plan_name',
      headerName: t('Plan'),
      minWidth: 140,
      valueFormatter: ({ value }) => planNameLabel(String(value ?? ''), t),
    },
    {
      field: 'kind',
      headerName: t('Type'),
      sortable: false,
      minWidth: 130,
      valueFormatter: ({ value }) => orderKindLabel(String(value ?? ''), t),
    },
    {
      field: 'price',
      headerName: t('Payable amount'),
      minWidth: 130,
      type: 'numericColumn',
      valueGetter: ({ data }) => data?.pay_amount,
      valueFormatter: ({ data }) => (data ? formatMoney(data.pay_amount, data.currency) : ''),
    },
    {
      field: 'status',
      headerName: t('Status'),
      minWidth: 110,
      cellRenderer: ({ data }: { data?: OrderRow }) =>
        data ? <StatusTag kind="order" status={data.status} /> : null,
    },
    {
      colId: 'invoice',
      headerName: t('Invoice'),
      sortable: false,
      minWidth: 110,
      valueGetter: ({ data }) => (data?.invoice_status ? invoiceStatusLabel(data.invoice_status, t) : ''),
    },
    {
      field: 'creation_time',
      headerName: t('Created'),
      minWidth: 170,
      valueFormatter: ({ value }) => formatDate(value),
    },
  ];
}

export function orderFilters(t: Translate): FilterConfig {
  return {
    status: {
      alias: t('Status'),
      type: 'option',
      options: [
        { name: t('Unpaid'), value: 'unpaid' },
        { name: t('Paid'), value: 'paid' },
        { name: t('Expired'), value: 'expired' },
        { name: t('Canceled'), value: 'canceled' },
        { name: t('Refunded'), value: 'refunded' },
      ],
    },
    creation_time: { alias: t('Created'), type: 'range' },
  };
}
