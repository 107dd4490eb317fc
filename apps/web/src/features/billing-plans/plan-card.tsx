import { CheckOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFileSize, formatMoney } from '../../lib/format';
import { planNameLabel, seededText } from '../../lib/labels/seeded-labels';
import {
  functionLabel,
  perPeriodLabel,
  planChoiceLabel,
  planTermLabel,
} from '../../widgets/billing-labels/billing-labels';
import type { PlanOnSale } from './plans-api';
import './plan-card.css';

interface PlanCardProps {
  plan: PlanOnSale;
  current: boolean;
  onChoose: (plan: PlanOnSale) => void;
}

/** One plan on `/usm/plan`: price, validity, credits, storage, seats and the functions it allows. */
export function PlanCard({ plan, current, onChoose }: PlanCardProps) {
  const { t } = useTranslation();
  const pack = plan.kind === 'credit_pack';
  const period = perPeriodLabel(plan.validity, plan.validity_unit, t);
  const canChoose = plan.choice !== 'current' && plan.choice !== 'unavailable';

  const term = planTermLabel(plan, t);
  const facts = pack
    ? [
        t('{{count}} credits', { count: plan.credits, compact: true, defaultValue_one: '{{count}} credit' }),
        // What the payment dialog, the order and the invoice say too (one rule: planTerm).
        term,
      ]
    : [
        t('{{count}} credits {{period}}', {
          count: plan.credits,
          compact: true,
          period,
          defaultValue_one: '{{count}} credit {{period}}',
        }),
        t('Valid for {{validity}}', { validity: term }),
        t('{{size}} storage', { size: formatFileSize(plan.storage_quota_bytes) }),
        t('{{count}} seats', { count: plan.seats, defaultValue_one: '{{count}} seat' }),
      ];
  const choice = planChoiceLabel(plan, t);

  return (
    <Card
      title={
        <Flex gap={8} align="center" wrap>
          <span>{planNameLabel(plan.name, t)}</span>
          {current ? <Tag color="success">{t('Current plan')}</Tag> : null}
          {plan.highlighted && !current ? <Tag color="gold">{t('Recommended')}</Tag> : null}
        </Flex>
      }
      style={{ height: '100%', borderColor: current ? 'var(--ant-color-success)' : undefined }}
      aria-label={planNameLabel(plan.name, t)}
      role="region"
      actions={[
        <Button
          key="choose"
          type={plan.highlighted ? 'primary' : 'default'}
          disabled={!canChoose}
          onClick={() => onChoose(plan)}
          aria-label={`${choice} ${planNameLabel(plan.name, t)}`}
        >
          {choice}
        </Button>,
      ]}
    >
      <Flex vertical gap={12}>
        <div>
          <Typography.Text strong style={{ fontSize: 28 }}>
            {plan.price === 0 ? t('Free') : formatMoney(plan.price, plan.currency)}
          </Typography.Text>{' '}
          {pack || plan.price === 0 ? null : <Typography.Text type="secondary">{period}</Typography.Text>}
        </div>
        {plan.description ? (
          <Typography.Paragraph type="secondary">{seededText(plan.description, t)}</Typography.Paragraph>
        ) : null}
        <ul className="plan-card__list">
          {facts.map((fact) => (
            <li key={fact}>{fact}</li>
          ))}
        </ul>
        {pack ? null : (
          <div>
            <Typography.Text type="secondary">{t('AI functions')}</Typography.Text>
            <ul className="plan-card__list">
              {plan.functions.length === 0 ? <li>{t('None')}</li> : null}
              {plan.functions.map((key) => (
                <li key={key}>
                  <CheckOutlined aria-hidden style={{ color: 'var(--ant-color-success)', marginRight: 8 }} />
                  {functionLabel(key, t)}
                </li>
              ))}
            </ul>
          </div>
        )}
      </Flex>
    </Card>
  );
}
