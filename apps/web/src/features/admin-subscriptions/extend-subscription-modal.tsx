import { VALIDITY_UNITS, type ValidityUnit } from '@app/contract/billing/money';
import { Col, Descriptions, Form, InputNumber, Row, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { planNameLabel } from '../../lib/labels/seeded-labels';
import { validityUnitLabel } from '../../widgets/billing-labels/billing-labels';
import { ReasonModal } from '../../widgets/reason-modal/reason-modal';
import { type AdminSubscription, useSubscriptionActions } from './subscriptions-api';

interface ExtendValues {
  validity: number;
  validity_unit: ValidityUnit;
  reason: string;
}

/** The period end an extension would give: the same arithmetic the server does, shown beforehand. */
export function extendedEnd(periodEnd: number, validity: number, unit: ValidityUnit): number {
  return dayjs.unix(periodEnd).add(validity, unit).unix();
}

/** Moves a subscription's period end later, without payment; the reason is recorded. */
export function ExtendSubscriptionModal({
  subscription,
  onClose,
}: {
  subscription: AdminSubscription | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { extend } = useSubscriptionActions();

  return (
    <ReasonModal<ExtendValues>
      open={subscription !== null}
      title={t('Extend the subscription of {{team}}', { team: subscription?.team_name ?? '' })}
      okText={t('Extend')}
      initialValues={{ validity: 1, validity_unit: 'month' }}
      description={
        subscription ? (
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'plan', label: t('Plan'), children: planNameLabel(subscription.plan_name, t) },
              { key: 'end', label: t('Period ends'), children: formatDate(subscription.period_end) },
            ]}
          />
        ) : null
      }
      onSubmit={async ({ validity, validity_unit, reason }) => {
        if (!subscription) return;
        await extend.mutateAsync({ id: subscription.id, body: { validity, validity_unit, reason } });
      }}
      onClose={onClose}
    >
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item
            name="validity"
            label={t('Extend by')}
            rules={[{ required: true, type: 'number', min: 1, max: 120, message: t('From 1 to 120') }]}
          >
            <InputNumber min={1} max={120} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="validity_unit" label={t('Unit')}>
            <Select
              options={VALIDITY_UNITS.map((unit) => ({ value: unit, label: validityUnitLabel(unit, t) }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item noStyle dependencies={['validity', 'validity_unit']}>
        {({ getFieldValue }) => {
          const validity = getFieldValue('validity');
          const unit = getFieldValue('validity_unit');
          if (!subscription || typeof validity !== 'number' || validity < 1) return null;
          return (
            <Form.Item label={t('New period end')}>
              <strong data-testid="new-period-end">
                {formatDate(extendedEnd(subscription.period_end, validity, unit))}
              </strong>
            </Form.Item>
          );
        }}
      </Form.Item>
    </ReasonModal>
  );
}
