import { adminOrderListFields } from '@app/contract/billing/admin-orders';
import { PAYMENT_METHODS } from '@app/contract/billing/payments';
import type { FilterableField } from '@app/contract/list';
import { Button, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDate, formatMoney } from '../../lib/format';
import { planNameLabel } from '../../lib/labels/seeded-labels';
import {
  ORDER_NUMBER_SHAPE,
  orderKindLabel,
  orderStatusLabel,
  paymentMethodLabel,
  statusColor,
} from '../../widgets/billing-labels/billing-labels';
import { DocumentTitle } from '../../widgets/brand/document-title';
import type { FilterFieldConfig } from '../../widgets/filter-drawer/filter-types';
import { sortableByContract } from '../../widgets/list-page/list-field-sort';
import { ServerListView } from '../../widgets/list-page/server-list-view';
import { useServerList } from '../../widgets/list-page/use-server-list';
import { type AdminOrder, adminOrdersKey, fetchOrders } from './orders-api';

const ROUTE = '/admin/order';
const STATUSES = ['unpaid', 'paid', 'expired', 'canceled', 'refunded'] as const;
const KINDS = ['subscribe', 'renew', 'upgrade', 'downgrade', 'buy'] as const;

type Filters = Partial<Record<FilterableField<typeof adminOrderListFields>, FilterFieldConfig>>;

/** `/admin/order`: every team's orders, searchable by number, team, e-mail and plan, each with its Details. */
export function OrdersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const filterConfig = useMemo(
    (): Filters => ({
      status: {
        alias: t('Status'),
        type: 'check_list',
        options: STATUSES.map((status) => ({ name: orderStatusLabel(status, t), value: status })),
      },
      kind: {
        alias: t('Kind'),
        type: 'check_list',
        options: KINDS.map((kind) => ({ name: orderKindLabel(kind, t), value: kind })),
      },
      method: {
        alias: t('Payment method'),
        type: 'check_list',
        options: PAYMENT_METHODS.map((method) => ({ name: paymentMethodLabel(method, t), value: method })),
      },
      creation_time: { alias: t('Created'), type: 'range' },
      paid_time: { alias: t('Paid'), type: 'range' },
    }),
    [t],
  );
  const list = useServerList<AdminOrder>({
    queryKey: [...adminOrdersKey, 'list'],
    fetch: fetchOrders,
    filterConfig,
    defaultSort: '-creation_time',
  });
  const columns = useMemo(
    () =>
      sortableByContract<AdminOrder>(
        [
          { field: 'order_num', headerName: t('Order number'), kind: 'code', samples: [ORDER_NUMBER_SHAPE] },
          {
            colId: 'team_name',
            headerName: t('Team'),
            valueGetter: ({ data }) => data?.team.name ?? '',
          },
          {
            colId: 'user',
            headerName: t('User'),
            valueGetter: ({ data }) => data?.user?.email ?? '',
          },
          {
            field: 'plan_name',
            headerName: t('Plan'),
            valueFormatter: ({ value }) => planNameLabel(String(value ?? ''), t),
          },
          {
            field: 'kind',
            headerName: t('Kind'),
            samples: KINDS.map((kind) => orderKindLabel(kind, t)),
            valueFormatter: ({ value }) => orderKindLabel(String(value), t),
          },
          {
            field: 'pay_amount',
            headerName: t('Amount'),
            kind: 'money',
            type: 'numericColumn',
            valueFormatter: ({ data }) => (data ? formatMoney(data.pay_amount, data.currency) : ''),
          },
          {
            field: 'status',
            headerName: t('Status'),
            kind: 'status',
            samples: STATUSES.map((status) => orderStatusLabel(status, t)),
            cellRenderer: ({ data }: { data?: AdminOrder }) =>
              data ? <Tag color={statusColor(data.status)}>{orderStatusLabel(data.status, t)}</Tag> : null,
          },
          {
            field: 'method',
            headerName: t('Payment method'),
            samples: PAYMENT_METHODS.map((method) => paymentMethodLabel(method, t)),
            valueFormatter: ({ value }) => (value ? paymentMethodLabel(String(value), t) : ''),
          },
          {
            field: 'creation_time',
            headerName: t('Created'),
            kind: 'dateTime',
            valueFormatter: ({ value }) => formatDate(value),
          },
          {
            field: 'paid_time',
            headerName: t('Paid'),
            kind: 'dateTime',
            valueFormatter: ({ value }) => formatDate(value),
          },
          {
            colId: 'actions',
            headerName: '',
            kind: 'actions',
            // An operator does not pay a customer's order: the details hold refunds and notices.
            samples: [t('Details')],
            cellRenderer: ({ data }: { data?: AdminOrder }) =>
              data ? (
                <Button
                  size="small"
                  type="link"
                  aria-label={t('Details of order {{order}}', { order: data.order_num })}
                  onClick={() => navigate(`/admin/order/details?${new URLSearchParams({ id: data.id })}`)}
                >
                  {t('Details')}
                </Button>
              ) : null,
          },
        ],
        adminOrderListFields,
      ),
    [t, navigate],
  );

  return (
    <>
      <DocumentTitle title={t('Orders')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Orders')}
      </Typography.Title>
      <ServerListView<AdminOrder>
        list={list}
        filterConfig={filterConfig}
        searchPlaceholder={t('Search order number, team, e-mail or plan')}
        columnDefs={columns}
        columnSettings={{ route: ROUTE }}
        getRowId={(order) => order.id}
      />
    </>
  );
}
