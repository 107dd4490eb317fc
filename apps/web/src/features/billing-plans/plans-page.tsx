import { useQuery } from '@tanstack/react-query';
import { Alert, Col, Flex, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { PlanCard } from './plan-card';
import { confirmPath, plansQuery } from './plans-api';

/**
 * `/usm/plan`: the plans on sale and the credit packs, the team's current plan marked; choosing
 * one leads to `/account/order/confirm`. Also where "Upgrade" and the insufficient-credits dialog
 * send people.
 */
export function PlansPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const plans = useQuery(plansQuery);
  const data = plans.data;

  const section = (kind: 'subscription' | 'credit_pack') =>
    (data?.items ?? [])
      .filter((plan) => plan.kind === kind)
      .map((plan) => (
        <Col key={plan.id} xs={24} md={12} xl={8}>
          <PlanCard
            plan={plan}
            current={plan.id === data?.current_plan_id}
            onChoose={(chosen) => navigate(confirmPath(chosen.id))}
          />
        </Col>
      ));
  const packs = section('credit_pack');

  return (
    <Flex vertical gap={16} style={{ maxWidth: 1200, margin: '0 auto', width: '100%', padding: 24 }}>
      <DocumentTitle title={t('Plans')} />
      <Flex justify="space-between" align="baseline" wrap gap={8}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('Plans')}
        </Typography.Title>
        <Link to="/account/subscription">{t('Your subscription')}</Link>
      </Flex>
      {data?.test_mode ? (
        <Alert
          type="info"
          showIcon
          title={t('Test mode')}
          description={t('Payments here are in test mode: no real money is charged.')}
        />
      ) : null}
      {!data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <>
          <Row gutter={[16, 16]}>{section('subscription')}</Row>
          {packs.length > 0 ? (
            <>
              <Typography.Title level={3} style={{ marginBottom: 0 }}>
                {t('Credit packs')}
              </Typography.Title>
              <Typography.Text type="secondary">
                {t('Extra credits on top of your plan; they do not expire at the end of a period.')}
              </Typography.Text>
              <Row gutter={[16, 16]}>{packs}</Row>
            </>
          ) : null}
        </>
      )}
    </Flex>
  );
}
