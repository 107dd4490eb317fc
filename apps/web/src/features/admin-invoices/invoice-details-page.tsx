import { ArrowLeftOutlined, DownloadOutlined, FilePdfOutlined, StopOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Flex, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../lib/api/api-error';
import { formatDate, formatMoney } from '../../lib/format';
import { planNameLabel } from '../../lib/labels/seeded-labels';
import { invoiceStatusLabel, statusColor } from '../../widgets/billing-labels/billing-labels';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { useServerErrors } from '../../widgets/form-errors/use-server-errors';
import { ReasonModal, type ReasonValues } from '../../widgets/reason-modal/reason-modal';
import { downloadInvoicePdf, invoiceQuery, useInvoiceActions } from './invoices-api';
import { IssueInvoiceModal } from './issue-invoice-modal';

/**
 * `/admin/invoice/details?id=`: one invoice request. While it is waiting an operator issues it (the
 * PDF is generated, then downloadable here) or rejects it with a reason; the requester is told
 * either way.
 */
export function InvoiceDetailsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id') ?? '';
  const details = useQuery({ ...invoiceQuery(id), enabled: id !== '' });
  const { reject } = useInvoiceActions(id);
  const [dialog, setDialog] = useState<'issue' | 'reject' | null>(null);
  const [downloading, setDownloading] = useState(false);
  const showError = useServerErrors(null);

  if (!id || details.isError) {
    const missing = !id || (isApiError(details.error) && details.error.status === 404);
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? t('Invoice not found') : t('Sorry! Something went wrong...')}
        subTitle={id ? details.error?.message : t('No invoice was given.')}
        extra={
          <Link to="/admin/invoice">
            <Button type="primary">{t('Back to invoices')}</Button>
          </Link>
        }
      />
    );
  }

  const invoice = details.data?.invoice;
  const download = async () => {
    setDownloading(true);
    try {
      await downloadInvoicePdf(id);
    } catch (error) {
      showError(error);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <DocumentTitle
        title={
          invoice ? t('Invoice for order {{number}}', { number: invoice.order_num }) : t('Invoice details')
        }
      />
      <Link to="/admin/invoice" style={{ display: 'inline-flex', gap: 6, marginBottom: 12 }}>
        <ArrowLeftOutlined aria-hidden />
        {t('Back to invoices')}
      </Link>
      {!invoice ? (
        <Skeleton active />
      ) : (
        <>
          <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {t('Invoice for order {{number}}', { number: invoice.order_num })}{' '}
              <Tag color={statusColor(invoice.status)}>{invoiceStatusLabel(invoice.status, t)}</Tag>
            </Typography.Title>
            <Space wrap>
              {invoice.status === 'requested' ? (
                <>
                  <Button type="primary" icon={<FilePdfOutlined />} onClick={() => setDialog('issue')}>
                    {t('Issue')}
                  </Button>
                  <Button danger icon={<StopOutlined />} onClick={() => setDialog('reject')}>
                    {t('Reject')}
                  </Button>
                </>
              ) : null}
              {invoice.status === 'issued' && invoice.has_file ? (
                <Button
                  type="primary"
                  icon={<DownloadOutlined />}
                  loading={downloading}
                  onClick={() => void download()}
                >
                  {t('Download PDF')}
                </Button>
              ) : null}
            </Space>
          </Flex>
          <Card size="small">
            <Descriptions
              size="small"
              column={{ xs: 1, md: 2 }}
              bordered
              items={[
                {
                  key: 'order',
                  label: t('Order number'),
                  children: (
                    <Link to={`/admin/order/details?${new URLSearchParams({ id: invoice.order_id })}`}>
                      {invoice.order_num}
                    </Link>
                  ),
                },
                { key: 'team', label: t('Team'), children: invoice.team.name },
                { key: 'plan', label: t('Plan'), children: planNameLabel(invoice.plan_name, t) },
                {
                  key: 'amount',
                  label: t('Amount'),
                  children: <strong>{formatMoney(invoice.amount, invoice.currency)}</strong>,
                },
                { key: 'title', label: t('Invoice title'), children: invoice.title },
                { key: 'tax', label: t('Tax number'), children: invoice.tax_number },
                { key: 'email', label: t('E-mail'), children: invoice.email },
                { key: 'address', label: t('Address'), children: invoice.address },
                {
                  key: 'requested_by',
                  label: t('Requested by'),
                  children: invoice.requested_by ? (
                    <Link to={`/admin/user/details?${new URLSearchParams({ id: invoice.requested_by.id })}`}>
                      {invoice.requested_by.username}
                    </Link>
                  ) : (
                    ''
                  ),
                },
                { key: 'requested', label: t('Requested'), children: formatDate(invoice.creation_time) },
                ...(invoice.status === 'issued'
                  ? [
                      { key: 'number', label: t('Invoice number'), children: invoice.invoice_number ?? '' },
                      { key: 'issued', label: t('Issued'), children: formatDate(invoice.issued_time) },
                    ]
                  : []),
                ...(invoice.status === 'rejected'
                  ? [
                      { key: 'rejected', label: t('Rejected'), children: formatDate(invoice.rejected_time) },
                      { key: 'reason', label: t('Reason'), children: invoice.reject_reason ?? '' },
                    ]
                  : []),
              ]}
            />
          </Card>
          <IssueInvoiceModal invoice={invoice} open={dialog === 'issue'} onClose={() => setDialog(null)} />
          <ReasonModal<ReasonValues>
            open={dialog === 'reject'}
            danger
            title={t('Reject the invoice request for order {{number}}?', { number: invoice.order_num })}
            okText={t('Reject')}
            description={
              <Typography.Paragraph>
                {t('The requester is told in their inbox, with the reason. They may request it again.')}
              </Typography.Paragraph>
            }
            onSubmit={async ({ reason }) => {
              await reject.mutateAsync(reason);
              void message.success(t('Invoice request rejected'));
            }}
            onClose={() => setDialog(null)}
          />
        </>
      )}
    </>
  );
}
