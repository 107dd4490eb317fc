import { Card, Col, Progress, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DATE_FORMATS, formatCount, formatDate } from '../../lib/format';
import type { MySubscription } from './subscription-api';

/**
 * The team's credits: the balance, the part held by AI work in flight, what is free to use, and
 * this period's grant with what is left of it.
 */
export function CreditsCard({ credits }: { credits: MySubscription['credits'] }) {
  const { t } = useTranslation();
  const left =
    credits.granted > 0
      ? Math.min(100, Math.round((credits.granted_remaining / credits.granted) * 100))
      : null;
  return (
    <Card
      title={t('Credits')}
      style={{ height: '100%' }}
      extra={
        credits.period_start && credits.period_end ? (
          <Typography.Text type="secondary">
            {formatDate(credits.period_start, DATE_FORMATS.date)} –{' '}
            {formatDate(credits.period_end, DATE_FORMATS.date)}
          </Typography.Text>
        ) : null
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <Statistic title={t('Balance')} value={formatCount(credits.balance)} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('Held by work in progress')} value={formatCount(credits.held)} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('Available')} value={formatCount(credits.available)} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('Granted this period')} value={formatCount(credits.granted)} />
        </Col>
      </Row>
      {left === null ? null : (
        <div style={{ marginTop: 16 }}>
          <Typography.Text type="secondary">
            {t('{{left}} of this period’s {{count}} granted credits left', {
              left: formatCount(credits.granted_remaining),
              count: credits.granted,
              defaultValue_one: '{{left}} of this period’s {{count}} granted credit left',
            })}
          </Typography.Text>
          <Progress percent={left} showInfo={false} aria-label={t('Granted credits left')} />
        </div>
      )}
    </Card>
  );
}
