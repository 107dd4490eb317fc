import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Empty, Flex, Row, Select, Statistic, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatCount, formatMoney } from '../../lib/format';
import { planNameLabel } from '../../lib/labels/seeded-labels';
import { paymentMethodLabel } from '../../widgets/billing-labels/billing-labels';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { writeListState } from '../../widgets/list-state/list-state';
import { ReportRangePicker, useReportRange } from '../../widgets/report-range/report-range';
import { BreakdownTable } from './breakdown-table';
import { financialQuery } from './financial-api';
import { MoneyBarChart, MoneyDonutChart } from './financial-charts';
import { findMismatches, netAddsUp } from './financial-checks';

const CURRENCY = /^[A-Z]{3}$/;

/** The orders list filtered to the orders paid in the report's days (its revenue). */
export function paidOrdersLink(start: string, end: string): string {
  const params = writeListState(new URLSearchParams(), {
    page: 1,
    pageSize: 10,
    filters: {
      paid_time: {
        type: 'range',
        value: null,
        start_time: dayjs(start).startOf('day').unix(),
        end_time: dayjs(end).endOf('day').unix(),
      },
    },
  });
  return `/admin/order?${params}`;
}

/**
 * `/admin/financial`: money received and refunded over a range of days in one currency, by day,
 * month, payment method and plan. Revenue counts paid orders on the day they were paid, refunds on
 * the day they were made; every breakdown shows its Total row and the page checks that each adds up
 * to the totals (and net to revenue less refunds), saying so on screen.
 */
export function FinancialPage() {
  const { t } = useTranslation();
  const [range, setRange] = useReportRange();
  const [params, setParams] = useSearchParams();
  const wanted = (params.get('currency') ?? '').toUpperCase();
  const report = useQuery(financialQuery({ ...range, currency: CURRENCY.test(wanted) ? wanted : undefined }));
  const data = report.data;
  const currency = data?.currency ?? 'USD';
  const money = (cents: number) => formatMoney(cents, currency);

  const mismatches = useMemo(() => (data ? findMismatches(data) : []), [data]);
  const consistent = data ? mismatches.length === 0 && netAddsUp(data) : true;

  const setCurrency = (code: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('currency', code);
      return next;
    });

  const tiles = data
    ? [
        { key: 'revenue', title: t('Revenue'), value: money(data.totals.revenue) },
        { key: 'refunds', title: t('Refunds'), value: money(data.totals.refunds) },
        { key: 'net', title: t('Net'), value: money(data.totals.net) },
        { key: 'paid', title: t('Paid orders'), value: formatCount(data.totals.paid_orders) },
        { key: 'refunded', title: t('Refunded orders'), value: formatCount(data.totals.refunded_orders) },
      ]
    : [];

  return (
    <>
      <DocumentTitle title={t('Financial report')} />
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('Financial report')}
        </Typography.Title>
        <Flex gap={8} wrap>
          <Select
            aria-label={t('Currency')}
            style={{ width: 100 }}
            value={currency}
            onChange={setCurrency}
            options={(data?.currencies.length ? data.currencies : [currency]).map((code) => ({
              value: code,
              label: code,
            }))}
          />
          <ReportRangePicker
            shown={data ? { start: data.start, end: data.end } : range}
            onChange={setRange}
          />
        </Flex>
      </Flex>
      {!data ? (
        <Card loading />
      ) : (
        <Flex vertical gap={16}>
          <Row gutter={[12, 12]}>
            {tiles.map((tile) => (
              <Col key={tile.key} xs={12} md={8} xl={4}>
                <Card size="small">
                  <Statistic title={tile.title} value={tile.value} />
                </Card>
              </Col>
            ))}
            <Col xs={24} xl={4}>
              <Card size="small">
                <Link to={paidOrdersLink(data.start, data.end)}>
                  {t('Open the orders paid in these days')}
                </Link>
              </Card>
            </Col>
          </Row>
          {consistent ? (
            <Alert
              type="success"
              showIcon
              title={t('Every breakdown adds up to the totals, and net is revenue less refunds.')}
            />
          ) : (
            <Alert
              type="error"
              showIcon
              title={t('These figures do not add up; report it before relying on them.')}
              description={
                <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                  {mismatches.map((mismatch) => (
                    <li key={`${mismatch.breakdown}-${mismatch.figure}`}>
                      {`${mismatch.breakdown}.${mismatch.figure}: ${mismatch.sum} ≠ ${mismatch.total}`}
                    </li>
                  ))}
                  {netAddsUp(data) ? null : <li>{`net ≠ revenue - refunds`}</li>}
                </ul>
              }
            />
          )}
          {data.totals.paid_orders === 0 && data.totals.refunds === 0 ? (
            <Empty description={t('No payments or refunds in these days.')} />
          ) : null}
          <Card size="small" title={t('By day')}>
            <MoneyBarChart
              label={t('Revenue and refunds by day')}
              currency={currency}
              revenueName={t('Revenue')}
              refundsName={t('Refunds')}
              data={data.by_day.map((line) => ({
                category: line.day.slice(5),
                revenue: line.revenue,
                refunds: line.refunds,
              }))}
            />
            <BreakdownTable
              label={t('Revenue by day')}
              nameTitle={t('Date')}
              currency={currency}
              pageSize={10}
              // Days with something paid or refunded, newest first; the quiet days add nothing to the
              // Total, and the chart above still shows every day.
              lines={data.by_day
                .filter((line) => line.revenue !== 0 || line.refunds !== 0 || line.orders !== 0)
                .reverse()
                .map((line) => ({ key: line.day, name: line.day, ...line }))}
            />
          </Card>
          <Card size="small" title={t('By month')}>
            <MoneyBarChart
              label={t('Revenue and refunds by month')}
              currency={currency}
              revenueName={t('Revenue')}
              refundsName={t('Refunds')}
              data={data.by_month.map((line) => ({
                category: line.month,
                revenue: line.revenue,
                refunds: line.refunds,
              }))}
            />
            <BreakdownTable
              label={t('Revenue by month')}
              nameTitle={t('Month')}
              currency={currency}
              lines={data.by_month.map((line) => ({ key: line.month, name: line.month, ...line }))}
            />
          </Card>
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={12}>
              <Card size="small" title={t('By payment method')}>
                <MoneyDonutChart
                  label={t('Revenue by payment method')}
                  currency={currency}
                  data={data.by_method.map((line) => ({
                    name: paymentMethodLabel(line.method, t),
                    revenue: line.revenue,
                  }))}
                />
                <BreakdownTable
                  label={t('Revenue by payment method')}
                  nameTitle={t('Payment method')}
                  currency={currency}
                  lines={data.by_method.map((line) => ({
                    key: line.method,
                    ...line,
                    name: paymentMethodLabel(line.method, t),
                  }))}
                />
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card size="small" title={t('By plan')}>
                <MoneyDonutChart
                  label={t('Revenue by plan')}
                  currency={currency}
                  data={data.by_plan.map((line) => ({
                    name: planNameLabel(line.plan_name, t),
                    revenue: line.revenue,
                  }))}
                />
                <BreakdownTable
                  label={t('Revenue by plan')}
                  nameTitle={t('Plan')}
                  currency={currency}
                  lines={data.by_plan.map((line) => ({
                    key: line.plan_id,
                    ...line,
                    name: planNameLabel(line.plan_name, t),
                  }))}
                />
              </Card>
            </Col>
          </Row>
        </Flex>
      )}
    </>
  );
}
