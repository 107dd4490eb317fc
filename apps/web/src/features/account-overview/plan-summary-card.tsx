import type { BasicInfos } from '@app/contract/user/get-basic-infos';
import { Card, Col, Flex, Progress, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMATS, formatCompactNumber, formatDate, formatFileSize } from '../../lib/format';

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

/** The team's plan from basic infos: what is left of its credits and storage, and its seats. */
export function PlanSummaryCard({ quota }: { quota: Quota }) {
  const { t } = useTranslation();
  const validUntil = quota.expire_time
    ? t('Valid until {{date}}', { date: formatDate(quota.expire_time, DATE_FORMATS.date) })
    : null;

  return (
    <Card title={t('Plan')} extra={validUntil} style={{ height: '100%' }}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {quota.plan_name}
      </Typography.Title>
      <Row gutter={[24, 16]}>
        <Col xs={24} sm={8}>
          <Meter
            label={t('Credits')}
            value={formatCompactNumber(quota.credits_balance)}
            total={
              quota.credits_granted > 0
                ? t('of {{total}}', { total: formatCompactNumber(quota.credits_granted) })
                : undefined
            }
            percent={share(quota.credits_balance, quota.credits_granted)}
          />
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
