import type { BasicInfos } from '@app/contract/user/get-basic-infos';
import { Card, Col, Flex, Progress, Row, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DATE_FORMATS, formatCompactNumber, formatDate, formatFileSize } from '../../lib/format';
import { planNameLabel } from '../../lib/labels/seeded-labels';
import { availableCredits, creditsLevel } from './credits-warning';

type Quota = BasicInfos['usm_quota'];

interface MeterProps {
  label: string;
  value: ReactNode;
  /** "of 5K" under the value; omitted when there is no total to compare with. */
  total?: string;
  /** 0-100; no bar without a total. */
  percent?: number;
}

function Meter({ label, value, total, percent }: MeterProps) {
  return (
    <Flex vertical gap={2}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Flex gap={6} align="baseline" wrap>
        <Typography.Text strong style={{ fontSize: 22 }}>
          {value}
        </Typography.Text>
        {total ? <Typography.Text type="secondary">{total}</Typography.Text> : null}
      </Flex>
      {percent === undefined ? null : (
        <Progress
          percent={percent}
          showInfo={false}
          size="small"
          status={percent >= 100 ? 'exception' : 'normal'}
          aria-label={label}
        />
      )}
    </Flex>
  );
}

function share(part: number, whole: number): number | undefined {
  if (whole <= 0) return undefined;
  return Math.min(100, Math.round((part / whole) * 100));
}

/**
 * The credits bar: what is free to use now out of the period's grant, with the balance, the part
 * held by AI work in flight and the period. It turns orange, then red, only when little remains
 * (`creditsLevel`); a full balance is good news, not a warning.
 */
function CreditsMeter({ quota }: { quota: Quota }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const available = availableCredits(quota);
  const level = creditsLevel(quota);
  const granted = quota.credits_granted;
  const percent = granted > 0 ? Math.min(100, Math.round((available / granted) * 100)) : undefined;
  const held = quota.credits_held ?? 0;
  // A narrow column breaks the period between its dates, never inside one.
  const period =
    quota.period_start && quota.period_end ? (
      <>
        <span style={{ whiteSpace: 'nowrap' }}>{formatDate(quota.period_start, DATE_FORMATS.date)} –</span>{' '}
        <span style={{ whiteSpace: 'nowrap' }}>{formatDate(quota.period_end, DATE_FORMATS.date)}</span>
      </>
    ) : null;
  return (
    <Flex vertical gap={2}>
      <Typography.Text type="secondary">{t('Credits')}</Typography.Text>
      <Flex gap={6} align="baseline" wrap>
        <Typography.Text strong style={{ fontSize: 22 }}>
          {formatCompactNumber(available)}
        </Typography.Text>
        {granted > 0 ? (
          <Typography.Text type="secondary">
            {t('of {{total}}', { total: formatCompactNumber(granted) })}
          </Typography.Text>
        ) : null}
      </Flex>
      {percent === undefined ? null : (
        <Progress
          percent={percent}
          showInfo={false}
          size="small"
          status={level === 'empty' ? 'exception' : 'normal'}
          strokeColor={level === 'low' ? token.colorWarning : undefined}
          aria-label={t('Credits')}
        />
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('Balance {{balance}} · held {{held}}', {
          balance: formatCompactNumber(quota.credits_balance),
          held: formatCompactNumber(held),
        })}
      </Typography.Text>
      {period ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {period}
        </Typography.Text>
      ) : null}
      {level === 'ok' ? null : (
        <Typography.Text type={level === 'empty' ? 'danger' : 'warning'} role="alert">
          {level === 'empty' ? t('No credits left.') : t('Credits are running low.')}{' '}
          <Link to="/usm/plan">{t('Top up')}</Link>
        </Typography.Text>
      )}
    </Flex>
  );
}

/** The team's plan from basic infos: what is left of its credits and storage, and its seats. */
export function PlanSummaryCard({ quota }: { quota: Quota }) {
  const { t } = useTranslation();
  const validUntil = quota.expire_time
    ? t('Valid until {{date}}', { date: formatDate(quota.expire_time, DATE_FORMATS.date) })
    : null;

  return (
    <Card title={t('Plan')} extra={validUntil} style={{ height: '100%' }}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {planNameLabel(quota.plan_name, t)}
      </Typography.Title>
      <Row gutter={[24, 16]}>
        <Col xs={24} sm={8}>
          <CreditsMeter quota={quota} />
        </Col>
        <Col xs={24} sm={8}>
          <Meter
            label={t('Storage')}
            value={formatFileSize(quota.storage_used_bytes)}
            total={
              quota.storage_limit_bytes > 0
                ? t('of {{total}}', { total: formatFileSize(quota.storage_limit_bytes) })
                : undefined
            }
            percent={share(quota.storage_used_bytes, quota.storage_limit_bytes)}
          />
        </Col>
        <Col xs={24} sm={8}>
          <Meter label={t('Seats')} value={quota.seats} />
        </Col>
      </Row>
    </Card>
  );
}
