import { DownloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { openDownload } from '../../lib/api/client';
import { formatDate, formatMoney } from '../../lib/format';
import { planNameLabel } from '../../lib/labels/seeded-labels';
import { StatusTag } from '../../widgets/billing-labels/status-tag';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { invoiceLink, invoiceQuery } from './invoices-api';

/** `/account/invoice/details?id=`: one invoice request; its PDF once issued, the reason if rejected. */
export function InvoiceDetailsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const answer = useQuery({ ...invoiceQuery(id), enabled: id !== '' });
  const download = useMutation({
    mutationFn: () => invoiceLink(id),
    // A download opens in a new window (spec section 7), through a short-lived signed link.
    onSuccess: ({ url }) => openDownload(url),
  });

  const header = (
    <Flex justify="space-between" align="baseline" wrap gap={8}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Invoice details')}
      </Typography.Title>
      <Link to="/account/wallets/invoices">{t('All invoices')}</Link>
    </Flex>
  );
  if (!id || answer.isError) {
    return (
      <>
        <DocumentTitle title={t('Invoice details')} />
        {header}
        <Result status="404" title={t('Invoice not found')} />
      </>
    );
  }
  const invoice = answer.data?.invoice;
  return (
    <>
      <DocumentTitle title={t('Invoice details')} />
      {header}
      {!invoice ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <Flex vertical gap={16} style={{ maxWidth: 800 }}>
          {invoice.status === 'requested' ? (
            <Alert
              type="info"
              showIcon
              title={t('Your request is waiting to be issued. You are told in your inbox once it is.')}
            />
          ) : null}
          {invoice.status === 'rejected' ? (
            <Alert
              type="error"
              showIcon
              title={t('The request was rejected')}
              description={
                <>
                  <div>{invoice.reject_reason}</div>
                  <Link
                    to={`/account/wallets/invoices?${new URLSearchParams({ order_id: invoice.order_id })}`}
                  >
                    {t('Request again')}
                  </Link>
                </>
              }
            />
          ) : null}
          <Card
            title={
              <Flex gap={8} align="center">
                <span>{invoice.invoice_number ?? t('Invoice request')}</span>
                <StatusTag kind="invoice" status={invoice.status} />
              </Flex>
            }
            extra={
              invoice.status === 'issued' && invoice.has_file ? (
                <Button
                  type="primary"
                  icon={<DownloadOutlined aria-hidden />}
                  loading={download.isPending}
                  onClick={() => download.mutate()}
                >
                  {t('Download PDF')}
                </Button>
              ) : null
            }
          >
            <Descriptions
              size="small"
              column={{ xs: 1, md: 2 }}
              items={[
                {
                  key: 'order',
                  label: t('Order number'),
                  children: (
                    <Link to={`/account/order/details?${new URLSearchParams({ id: invoice.order_id })}`}>
                      {invoice.order_num}
                    </Link>
                  ),
                },
                { key: 'plan', label: t('Plan'), children: planNameLabel(invoice.plan_name, t) },
                {
                  key: 'amount',
                  label: t('Amount'),
                  children: formatMoney(invoice.amount, invoice.currency),
                },
                { key: 'title', label: t('Invoice title'), children: invoice.title },
                { key: 'tax', label: t('Tax number'), children: invoice.tax_number || '—' },
                { key: 'email', label: t('E-mail'), children: invoice.email },
                { key: 'address', label: t('Address'), children: invoice.address || '—' },
                { key: 'requested', label: t('Requested'), children: formatDate(invoice.creation_time) },
                ...(invoice.issued_time
                  ? [{ key: 'issued', label: t('Issued'), children: formatDate(invoice.issued_time) }]
                  : []),
                ...(invoice.rejected_time
                  ? [{ key: 'rejected', label: t('Rejected'), children: formatDate(invoice.rejected_time) }]
                  : []),
              ]}
            />
          </Card>
        </Flex>
      )}
    </>
  );
}
