import { Flex, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { ServerListView } from '../../widgets/list-page/server-list-view';
import { useServerList } from '../../widgets/list-page/use-server-list';
import { orderColumns, orderFilters } from './order-columns';
import { fetchOrders, type OrderRow, ordersKey } from './orders-api';

/** `/account/orders`: the team's orders, newest first; a row opens its details. */
export function OrdersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const filterConfig = useMemo(() => orderFilters(t), [t]);
  const columns = useMemo(() => orderColumns(t), [t]);
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
        onRowClicked={(order) => navigate(`/account/order/details?${new URLSearchParams({ id: order.id })}`)}
      />
    </>
  );
}
