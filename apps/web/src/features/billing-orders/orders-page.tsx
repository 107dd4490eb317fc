import { Flex, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { ServerListView } from '../../widgets/list-page/server-list-view';
import { useServerList } from '../../widgets/list-page/use-server-list';
import { PaymentDialog } from '../../widgets/payment-dialog/payment-dialog';
import { orderColumns, orderFilters } from './order-columns';
import { fetchOrders, type OrderRow, ordersKey } from './orders-api';

/**
 * `/account/orders`: the team's orders, newest first, each with its Details and, while it can be
 * paid, Pay (the payment dialog, straight to the provider when there is one).
 */
export function OrdersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [paying, setPaying] = useState<string | null>(null);
  const filterConfig = useMemo(() => orderFilters(t), [t]);
  const columns = useMemo(
    () =>
      orderColumns(t, {
        details: (order) => navigate(`/account/order/details?${new URLSearchParams({ id: order.id })}`),
        pay: (order) => setPaying(order.bill_id),
      }),
    [t, navigate],
  );
  const list = useServerList<OrderRow>({
    queryKey: [...ordersKey, 'list'],
    fetch: fetchOrders,
    filterConfig,
    defaultSort: '-creation_time',
  });

  return (
    <>
      <DocumentTitle title={t('Orders')} />
      <Flex justify="space-between" align="baseline" wrap gap={8}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('Orders')}
        </Typography.Title>
        <Flex gap={16}>
          <Link to="/account/subscription-history">{t('Subscription history')}</Link>
          <Link to="/usm/plan">{t('Plans')}</Link>
        </Flex>
      </Flex>
      <ServerListView<OrderRow>
        list={list}
        filterConfig={filterConfig}
        searchPlaceholder={t('Search order number or plan')}
        columnDefs={columns}
        getRowId={(order) => order.id}
      />
      <PaymentDialog billId={paying} onClose={() => setPaying(null)} />
    </>
  );
}
