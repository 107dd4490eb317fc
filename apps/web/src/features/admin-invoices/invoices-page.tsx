import { adminInvoiceListFields } from '@app/contract/billing/invoices';
import type { FilterableField } from '@app/contract/list';
import { Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDate, formatMoney } from '../../lib/format';
import {
  invoiceStatusLabel,
  ORDER_NUMBER_SHAPE,
  statusColor,
} from '../../widgets/billing-labels/billing-labels';
import { DocumentTitle } from '../../widgets/brand/document-title';
import type { FilterFieldConfig } from '../../widgets/filter-drawer/filter-types';
import { sortableByContract } from '../../widgets/list-page/list-field-sort';
import { ServerListView } from '../../widgets/list-page/server-list-view';
import { useServerList } from '../../widgets/list-page/use-server-list';
import { type AdminInvoice, adminInvoicesKey, fetchInvoices } from './invoices-api';

const ROUTE = '/admin/invoice';
const STATUSES = ['requested', 'issued', 'rejected'] as const;

type Filters = Partial<Record<FilterableField<typeof adminInvoiceListFields>, FilterFieldConfig>>;

/** `/admin/invoice`: invoice requests of every team, the waiting ones first by default; a row opens one. */
export function InvoicesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const filterConfig = useMemo(
    (): Filters => ({
      status: {
        alias: t('Status'),
        type: 'check_list',
        options: STATUSES.map((status) => ({ name: invoiceStatusLabel(status, t), value: status })),
      },
      creation_time: { alias: t('Requested'), type: 'range' },
    }),
    [t],
  );
  const list = useServerList<AdminInvoice>({
    queryKey: [...adminInvoicesKey, 'list'],
    fetch: fetchInvoices,
    filterConfig,
    defaultSort: '-creation_time',
  });
  const columns = useMemo(
    () =>
      sortableByContract<AdminInvoice>(
        [
          {
            field: 'creation_time',
            headerName: t('Requested'),
            kind: 'dateTime',
            valueFormatter: ({ value }) => formatDate(value),
          },
          { field: 'order_num', headerName: t('Order number'), kind: 'code', samples: [ORDER_NUMBER_SHAPE] },
          {
            colId: 'team_name',
            headerName: t('Team'),
            valueGetter: ({ data }) => data?.team.name ?? '',
          },
          { field: 'title', headerName: t('Invoice title') },
          { field: 'tax_number', headerName: t('Tax number'), kind: 'code' },
          {
            field: 'amount',
            headerName: t('Amount'),
            kind: 'money',
            type: 'numericColumn',
            valueFormatter: ({ data }) => (data ? formatMoney(data.amount, data.currency) : ''),
          },
          {
            field: 'status',
            headerName: t('Status'),
            kind: 'status',
            samples: STATUSES.map((status) => invoiceStatusLabel(status, t)),
            cellRenderer: ({ data }: { data?: AdminInvoice }) =>
              data ? <Tag color={statusColor(data.status)}>{invoiceStatusLabel(data.status, t)}</Tag> : null,
          },
          { field: 'invoice_number', headerName: t('Invoice number'), kind: 'code' },
        ],
        adminInvoiceListFields,
      ),
    [t],
  );

  return (
    <>
      <DocumentTitle title={t('Invoices')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Invoices')}
      </Typography.Title>
      <ServerListView<AdminInvoice>
        list={list}
        filterConfig={filterConfig}
        searchPlaceholder={t('Search order number, title, tax number, e-mail or team')}
        columnDefs={columns}
        columnSettings={{ route: ROUTE }}
        getRowId={(invoice) => invoice.id}
        onRowClicked={(invoice) =>
          navigate(`/admin/invoice/details?${new URLSearchParams({ id: invoice.id })}`)
        }
      />
    </>
  );
}
