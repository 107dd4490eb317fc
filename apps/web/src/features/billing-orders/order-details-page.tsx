import { useQuery } from '@tanstack/react-query';
import { Flex, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { OrderDetailsView } from './order-details';
import { orderQuery } from './orders-api';

function OrderById() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const order = useQuery({ ...orderQuery(id), enabled: id !== '' });

  if (!id || order.isError) {
    return (
      <Result
        status="404"
        title={t('Order not found')}
        extra={<Link to="/account/orders">{t('All orders')}</Link>}
      />
    );
  }
  if (!order.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  return <OrderDetailsView details={order.data} />;
}

/** `/account/order/details?id=`: one order of the team. */
export function OrderDetailsPage() {
  const { t } = useTranslation();
  return (
    <>
      <DocumentTitle title={t('Order details')} />
      <Flex justify="space-between" align="baseline" wrap gap={8}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('Order details')}
        </Typography.Title>
        <Link to="/account/orders">{t('All orders')}</Link>
      </Flex>
      <OrderById />
    </>
  );
}

/**
 * `/payment/order-details?id=`: the same order where the WeChat browser lands (spec section 2),
 * without the list link; paying from here inside WeChat offers WeChat Pay alone (the dialog reads
 * the device).
 */
export function PaymentOrderDetailsPage() {
  const { t } = useTranslation();
  return (
    <>
      <DocumentTitle title={t('Order details')} />
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('Order details')}
      </Typography.Title>
      <OrderById />
    </>
  );
}
