import { zInvoiceStatus } from '@app/contract/billing/invoices';
import { orderListFields, zOrderKind, zOrderStatus } from '@app/contract/billing/orders';
import { Button, Space } from 'antd';
import { formatDate, formatMoney } from '../../lib/format';
import { planNameLabel } from '../../lib/labels/seeded-labels';
import {
  invoiceStatusLabel,
  ORDER_NUMBER_SHAPE,
  orderKindLabel,
  orderStatusLabel,
} from '../../widgets/billing-labels/billing-labels';
import { StatusTag } from '../../widgets/billing-labels/status-tag';
import type { GridColDef } from '../../widgets/data-grid/column-widths';
import { filterConfigFrom } from '../../widgets/filter-drawer/filter-config-from-fields';
import type { FilterConfig } from '../../widgets/filter-drawer/filter-types';
import type { OrderRow } from './orders-api';

type Translate = (msgid: string, options?: Record<string, unknown>) => string;

/**
 * An order that can still be paid: unpaid, with a bill whose time has not run out (the expiry job
 * may not have marked it yet; the server refuses an expired bill anyway).
 */
export function canPay(order: OrderRow, now = Date.now()): boolean {
  return (
    order.status === 'unpaid' &&
    order.bill_id !== null &&
    order.bill_expire_time !== null &&
    order.bill_expire_time * 1000 > now
  );
}

export interface OrderActions {
  details: (order: OrderRow) => void;
  /** Opens the payment dialog for the order's bill. */
  pay: (order: OrderRow) => void;
}

/** The orders list's columns; the server sorts by number, plan, status, price and time. */
export function orderColumns(t: Translate, actions: OrderActions): GridColDef<OrderRow>[] {
  return [
    { field: 'order_num', headerName: t('Order number'), kind: 'code', samples: [ORDER_NUMBER_SHAPE] },
    {
      field: 'plan_name',
      headerName: t('Plan'),
      valueFormatter: ({ value }) => planNameLabel(String(value ?? ''), t),
    },
    {
      field: 'kind',
      headerName: t('Type'),
      sortable: false,
      samples: zOrderKind.options.map((kind) => orderKindLabel(kind, t)),
      valueFormatter: ({ value }) => orderKindLabel(String(value ?? ''), t),
    },
    {
      field: 'price',
      headerName: t('Payable amount'),
      kind: 'money',
      type: 'numericColumn',
      valueGetter: ({ data }) => data?.pay_amount,
      valueFormatter: ({ data }) => (data ? formatMoney(data.pay_amount, data.currency) : ''),
    },
    {
      field: 'status',
      headerName: t('Status'),
      kind: 'status',
      samples: zOrderStatus.options.map((status) => orderStatusLabel(status, t)),
      cellRenderer: ({ data }: { data?: OrderRow }) =>
        data ? <StatusTag kind="order" status={data.status} /> : null,
    },
    {
      colId: 'invoice',
      headerName: t('Invoice'),
      sortable: false,
      samples: zInvoiceStatus.options.map((status) => invoiceStatusLabel(status, t)),
      valueGetter: ({ data }) => (data?.invoice_status ? invoiceStatusLabel(data.invoice_status, t) : ''),
    },
    {
      field: 'creation_time',
      headerName: t('Created'),
      kind: 'dateTime',
      valueFormatter: ({ value }) => formatDate(value),
    },
    {
      colId: 'actions',
      headerName: '',
      kind: 'actions',
      // As wide as both buttons: an unpaid order shows them side by side.
      samples: [t('Details'), t('Pay')],
      cellRenderer: ({ data }: { data?: OrderRow }) =>
        data ? (
          <Space size={0}>
            <Button
              size="small"
              type="link"
              aria-label={t('Details of order {{order}}', { order: data.order_num })}
              onClick={() => actions.details(data)}
            >
              {t('Details')}
            </Button>
            {canPay(data) ? (
              <Button
                size="small"
                type="link"
                aria-label={t('Pay order {{order}}', { order: data.order_num })}
                onClick={() => actions.pay(data)}
              >
                {t('Pay')}
              </Button>
            ) : null}
          </Space>
        ) : null,
    },
  ];
}

export function orderFilters(t: Translate): FilterConfig {
  return filterConfigFrom(orderListFields, {
    status: {
      alias: t('Status'),
      options: [
        { name: t('Unpaid'), value: 'unpaid' },
        { name: t('Paid'), value: 'paid' },
        { name: t('Expired'), value: 'expired' },
        { name: t('Canceled'), value: 'canceled' },
        { name: t('Refunded'), value: 'refunded' },
      ],
    },
    creation_time: { alias: t('Created') },
  });
}
