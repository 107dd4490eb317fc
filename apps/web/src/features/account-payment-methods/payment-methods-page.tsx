import { listSavedPaymentMethods } from '@app/contract/billing/payments';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../lib/api/client';
import { formatDate } from '../../lib/format';
import { paymentMethodLabel } from '../../widgets/billing-labels/billing-labels';
import { DocumentTitle } from '../../widgets/brand/document-title';

const savedMethodsQuery = {
  queryKey: ['billing', 'payment-methods'],
  queryFn: ({ signal }: { signal: AbortSignal }) => callApi(listSavedPaymentMethods, { signal }),
};

/**
 * `/account/wallet/payment-method`: the team's saved payment methods. Only a provider that stores
 * cards can save one; with only the sandbox provider the list is empty and the server says why.
 */
export function PaymentMethodsPage() {
  const { t } = useTranslation();
  const methods = useQuery(savedMethodsQuery);
  const data = methods.data;
  return (
    <>
      <DocumentTitle title={t('Payment methods')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Payment methods')}
      </Typography.Title>
      <Card style={{ maxWidth: 720 }}>
        {!data ? (
          <Skeleton active />
        ) : data.items.length === 0 ? (
          <Empty
            description={
              <>
                <Typography.Paragraph strong>{t('No saved payment methods yet')}</Typography.Paragraph>
                <Typography.Paragraph type="secondary">
                  {data.reason ??
                    t('A payment method is saved when you pay with a provider that keeps cards on file.')}
                </Typography.Paragraph>
              </>
            }
          />
        ) : (
          <Flex vertical gap={12}>
            {data.items.map((method) => (
              <Flex key={method.id} justify="space-between" align="center" gap={8}>
                <div>
                  <Typography.Text strong>{method.label}</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">
                    {[
                      paymentMethodLabel(method.method, t),
                      method.expire_month ? t('Expires {{month}}', { month: method.expire_month }) : null,
                      t('Added {{date}}', { date: formatDate(method.creation_time) }),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography.Text>
                </div>
                {method.is_default ? <Tag color="blue">{t('Default')}</Tag> : null}
              </Flex>
            ))}
          </Flex>
        )}
      </Card>
    </>
  );
}
