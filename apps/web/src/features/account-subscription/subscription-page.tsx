import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, Flex, Row, Skeleton, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DATE_FORMATS, formatCompactNumber, formatDate, formatFileSize, formatMoney } from '../../lib/format';
import { planNameLabel } from '../../lib/labels/seeded-labels';
import { functionLabel, perPeriodLabel } from '../../widgets/billing-labels/billing-labels';
import { StatusTag } from '../../widgets/billing-labels/status-tag';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { ServerListView } from '../../widgets/list-page/server-list-view';
import { useServerList } from '../../widgets/list-page/use-server-list';
import { CreditsCard } from './credits-card';
import { ledgerColumns, ledgerFilters } from './ledger-columns';
import { periodEndText } from './period-end';
import {
  type CreditEntry,
  fetchLedger,
  type MySubscription,
  subscriptionKey,
  subscriptionQuery,
} from './subscription-api';

/**
 * `/account/subscription`: the team's plan and period, its credits, what happens at period end,
 * the way to upgrade or downgrade (`/usm/plan`), and the credit ledger that explains the balance.
 */
export function SubscriptionPage() {
  const { t } = useTranslation();
  const subscription = useQuery(subscriptionQuery);
  return (
    <>
      <DocumentTitle title={t('Subscription')} />
      <Flex justify="space-between" align="baseline" wrap gap={8}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('Subscription')}
        </Typography.Title>
        <Flex gap={16}>
          <Link to="/account/subscription-history">{t('Subscription history')}</Link>
          <Link to="/account/orders">{t('Orders')}</Link>
        </Flex>
      </Flex>
      {subscription.data ? (
        <Flex vertical gap={16}>
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={12}>
              <PlanCard data={subscription.data} />
            </Col>
            <Col xs={24} xl={12}>
              <CreditsCard credits={subscription.data.credits} />
            </Col>
          </Row>
          <PeriodEnd data={subscription.data} />
          <CreditHistory />
        </Flex>
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </>
  );
}

function PlanCard({ data }: { data: MySubscription }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { subscription, plan } = data;
  const toPlans = () => navigate('/usm/plan');
  return (
    <Card
      style={{ height: '100%' }}
      title={
        <Flex gap={8} align="center" wrap>
          <span>{planNameLabel(subscription.plan_name, t)}</span>
          <StatusTag kind="subscription" status={subscription.status} />
        </Flex>
      }
      extra={
        <Flex gap={8}>
          {subscription.is_default_plan ? null : <Button onClick={toPlans}>{t('Downgrade')}</Button>}
          <Button type="primary" onClick={toPlans}>
            {t('Upgrade')}
          </Button>
        </Flex>
      }
    >
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'period',
            label: t('Current period'),
            children: `${formatDate(subscription.period_start, DATE_FORMATS.date)} – ${formatDate(subscription.period_end, DATE_FORMATS.date)}`,
          },
          {
            key: 'left',
            label: t('Days left'),
            children: data.days_left,
          },
          {
            key: 'price',
            label: t('Price'),
            children:
              plan.price === 0
                ? t('Free')
                : `${formatMoney(plan.price, plan.currency)} ${perPeriodLabel(plan.validity, plan.validity_unit, t)}`,
          },
          {
            key: 'credits',
            label: t('Credits per period'),
            children: formatCompactNumber(plan.credits),
          },
          { key: 'storage', label: t('Storage'), children: formatFileSize(plan.storage_quota_bytes) },
          { key: 'seats', label: t('Seats'), children: plan.seats },
          {
            key: 'functions',
            label: t('AI functions'),
            children: plan.functions.length
              ? plan.functions.map((key) => functionLabel(key, t)).join(', ')
              : t('None'),
          },
        ]}
      />
    </Card>
  );
}

function PeriodEnd({ data }: { data: MySubscription }) {
  const { t } = useTranslation();
  return (
    <Alert
      type={data.days_left <= 7 && !data.subscription.is_default_plan && !data.scheduled ? 'warning' : 'info'}
      showIcon
      title={t('At the end of the period')}
      description={
        <>
          <div>{periodEndText(data, t)}</div>
          <div>{t('Credits granted for the period expire when it ends; purchased credits stay.')}</div>
          {data.subscription.is_default_plan ? null : (
            <div>{t('You are reminded 7 days and 1 day before, in your inbox and by e-mail.')}</div>
          )}
        </>
      }
    />
  );
}

function CreditHistory() {
  const { t } = useTranslation();
  const filterConfig = useMemo(() => ledgerFilters(t), [t]);
  const columns = useMemo(() => ledgerColumns(t), [t]);
  const list = useServerList<CreditEntry>({
    queryKey: [...subscriptionKey, 'ledger'],
    fetch: fetchLedger,
    filterConfig,
    defaultSort: '-creation_time',
  });
  return (
    <Card title={t('Credit history')}>
      <ServerListView<CreditEntry>
        list={list}
        filterConfig={filterConfig}
        searchPlaceholder={t('Search notes')}
        columnDefs={columns}
        getRowId={(entry) => entry.id}
      />
    </Card>
  );
}
