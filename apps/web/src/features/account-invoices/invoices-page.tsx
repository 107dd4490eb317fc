import { PlusOutlined } from '@ant-design/icons';
import { invoiceListFields, zInvoiceStatus } from '@app/contract/billing/invoices';
import { Button, Flex, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDate, formatMoney } from '../../lib/format';
import { invoiceStatusLabel, ORDER_NUMBER_SHAPE } from '../../widgets/billing-labels/billing-labels';
import { StatusTag } from '../../widgets/billing-labels/status-tag';
import { DocumentTitle } from '../../widgets/brand/document-title';
import type { GridColDef } from '../../widgets/data-grid/column-widths';
import { filterConfigFrom } from '../../widgets/filter-drawer/filter-config-from-fields';
import type { FilterConfig } from '../../widgets/filter-drawer/filter-types';
import { ServerListView } from '../../widgets/list-page/server-list-view';
import { useServerList } from '../../widgets/list-page/use-server-list';
import { InvoiceRequestModal } from './invoice-request-modal';
import { fetchInvoices, type InvoiceRow, invoicesKey } from './invoices-api';

type Translate = (msgid: string, options?: Record<string, unknown>) => string;

/** The request form opens on `?request=1`, or `?order_id=` from an order's page. */
const REQUEST_PARAM = 'request';

function invoiceColumns(t: Translate): GridColDef<InvoiceRow>[] {
  return [
    {
      field: 'creation_time',
      headerName: t('Requested'),
      kind: 'dateTime',
      valueFormatter: ({ value }) => formatDate(value),
    },
    { field: 'order_num', headerName: t('Order number'), kind: 'code', samples: [ORDER_NUMBER_SHAPE] },
    { field: 'title', headerName: t('Invoice title') },
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
      samples: zInvoiceStatus.options.map((status) => invoiceStatusLabel(status, t)),
      cellRenderer: ({ data }: { data?: InvoiceRow }) =>
        data ? <StatusTag kind="invoice" status={data.status} /> : null,
    },
    {
      colId: 'invoice_number',
      headerName: t('Invoice number'),
      sortable: false,
      kind: 'code',
      valueGetter: ({ data }) => data?.invoice_number ?? '',
    },
  ];
}

function invoiceFilters(t: Translate): FilterConfig {
  return filterConfigFrom(invoiceListFields, {
    status: {
      alias: t('Status'),
      options: (['requested', 'issued', 'rejected'] as const).map((status) => ({
        name: invoiceStatusLabel(status, t),
        value: status,
      })),
    },
    creation_time: { alias: t('Requested') },
  });
}

/** `/account/wallets/invoices`: the team's invoice requests with their status; request one for a paid order. */
export function InvoicesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const orderId = params.get('order_id');
  const open = orderId !== null || params.get(REQUEST_PARAM) === '1';
  const filterConfig = useMemo(() => invoiceFilters(t), [t]);
  const columns = useMemo(() => invoiceColumns(t), [t]);
  const list = useServerList<InvoiceRow>({
    queryKey: [...invoicesKey, 'list'],
    fetch: fetchInvoices,
    filterConfig,
    defaultSort: '-creation_time',
  });
  const setOpen = (next: boolean) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      copy.delete('order_id');
      if (next) copy.set(REQUEST_PARAM, '1');
      else copy.delete(REQUEST_PARAM);
      return copy;
    });

  return (
    <>
      <DocumentTitle title={t('Invoices')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Invoices')}
      </Typography.Title>
      <ServerListView<InvoiceRow>
        list={list}
        filterConfig={filterConfig}
        searchPlaceholder={t('Search order number or title')}
        columnDefs={columns}
        getRowId={(invoice) => invoice.id}
        onRowClicked={(invoice) =>
          navigate(`/account/invoice/details?${new URLSearchParams({ id: invoice.id })}`)
        }
        actions={
          <Flex gap={8}>
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setOpen(true)}>
              {t('Request an invoice')}
            </Button>
          </Flex>
        }
      />
      <InvoiceRequestModal
        open={open}
        orderId={orderId}
        onClose={() => setOpen(false)}
        onRequested={() => setOpen(false)}
      />
    </>
  );
}
