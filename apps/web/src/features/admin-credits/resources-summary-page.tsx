import { useQuery } from '@tanstack/react-query';
import { Card, Col, Flex, Progress, Row, Statistic, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatFileSize, formatPercent } from '../../lib/format';
import { planNameLabel } from '../../lib/labels/seeded-labels';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { ReportRangePicker, useReportRange } from '../../widgets/report-range/report-range';
import { formatCredits } from './credit-format';
import { type ResourcesSummary, summaryQuery } from './credits-api';

type PlanLine = ResourcesSummary['by_plan'][number];
type TeamLine = ResourcesSummary['by_team'][number];
type FunctionLine = ResourcesSummary['by_function'][number];

/** The sum of one figure over a breakdown: shown under each table, so the parts visibly add up. */
export function sumOf<Line>(lines: readonly Line[], figure: (line: Line) => number): number {
  return lines.reduce((total, line) => total + figure(line), 0);
}

const credits = (value: number) => formatCredits(value);

/**
 * `/admin/usm/resources/summary`: credits granted, bought, used, expired, refunded and adjusted in
 * a range of days, with what every team holds now, by plan and by team (the heaviest users first),
 * by AI function, and storage kept against each team's quota.
 */
export function ResourcesSummaryPage() {
  const { t } = useTranslation();
  const [range, setRange] = useReportRange();
  const summary = useQuery(summaryQuery(range));
  const data = summary.data;
  const totals = data?.totals;

  const tiles: { key: keyof ResourcesSummary['totals']; title: string }[] = [
    { key: 'granted', title: t('Granted') },
    { key: 'purchased', title: t('Purchased') },
    { key: 'used', title: t('Used') },
    { key: 'expired', title: t('Expired') },
    { key: 'refunded', title: t('Refunded') },
    { key: 'adjusted', title: t('Adjusted') },
    { key: 'remaining', title: t('Remaining now') },
    { key: 'held', title: t('Held now') },
  ];

  return (
    <>
      <DocumentTitle title={t('Resources summary')} />
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('Resources summary')}
        </Typography.Title>
        <ReportRangePicker shown={data ? { start: data.start, end: data.end } : range} onChange={setRange} />
      </Flex>
      <Typography.Paragraph type="secondary">
        {t('Credits moved in the range; remaining and held are the balances now, over {{count}} teams.', {
          count: totals?.teams ?? 0,
          defaultValue_one:
            'Credits moved in the range; remaining and held are the balances now, over {{count}} team.',
        })}
      </Typography.Paragraph>
      <Row gutter={[12, 12]}>
        {tiles.map((tile) => (
          <Col key={tile.key} xs={12} md={6} xl={3}>
            <Card size="small" loading={summary.isLoading}>
              <Statistic title={tile.title} value={credits(totals?.[tile.key] ?? 0)} />
            </Card>
          </Col>
        ))}
        <Col xs={24} lg={12}>
          <Card size="small" title={t('By plan')} loading={summary.isLoading}>
            <Table<PlanLine>
              size="small"
              rowKey="plan_id"
              pagination={false}
              dataSource={data?.by_plan ?? []}
              columns={[
                {
                  key: 'plan',
                  title: t('Plan'),
                  dataIndex: 'plan_name',
                  render: (name: string) => planNameLabel(name, t),
                },
                { key: 'teams', title: t('Teams'), dataIndex: 'teams', align: 'right' },
                {
                  key: 'granted',
                  title: t('Granted'),
                  align: 'right',
                  render: (_, line) => credits(line.granted),
                },
                { key: 'used', title: t('Used'), align: 'right', render: (_, line) => credits(line.used) },
                {
                  key: 'remaining',
                  title: t('Remaining'),
                  align: 'right',
                  render: (_, line) => credits(line.remaining),
                },
              ]}
              summary={(lines) =>
                lines.length > 0 ? (
                  <Table.Summary.Row>
                    <Table.Summary.Cell index={0}>
                      <strong>{t('Total')}</strong>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={1} align="right">
                      {sumOf(lines, (line) => line.teams)}
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={2} align="right">
                      {credits(sumOf(lines, (line) => line.granted))}
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={3} align="right">
                      {credits(sumOf(lines, (line) => line.used))}
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={4} align="right">
                      {credits(sumOf(lines, (line) => line.remaining))}
                    </Table.Summary.Cell>
                  </Table.Summary.Row>
                ) : null
              }
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('By function')} loading={summary.isLoading}>
            <Table<FunctionLine>
              size="small"
              rowKey="function_key"
              pagination={false}
              dataSource={data?.by_function ?? []}
              columns={[
                { key: 'fn', title: t('Function'), dataIndex: 'function_key' },
                { key: 'calls', title: t('Calls'), align: 'right', render: (_, line) => credits(line.calls) },
                {
                  key: 'credits',
                  title: t('Credits'),
                  align: 'right',
                  render: (_, line) => credits(line.credits),
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24}>
          <Card
            size="small"
            title={t('By team')}
            loading={summary.isLoading}
            extra={<Link to="/admin/usm/resources/credits">{t('Credits')}</Link>}
          >
            <Table<TeamLine>
              size="small"
              rowKey="team_id"
              pagination={{ pageSize: 10, showSizeChanger: false }}
              dataSource={data?.by_team ?? []}
              columns={[
                { key: 'team', title: t('Team'), dataIndex: 'team_name' },
                {
                  key: 'plan',
                  title: t('Plan'),
                  dataIndex: 'plan_name',
                  render: (name: string) => planNameLabel(name, t),
                },
                {
                  key: 'granted',
                  title: t('Granted'),
                  align: 'right',
                  render: (_, line) => credits(line.granted),
                },
                { key: 'used', title: t('Used'), align: 'right', render: (_, line) => credits(line.used) },
                {
                  key: 'remaining',
                  title: t('Remaining'),
                  align: 'right',
                  render: (_, line) => credits(line.remaining),
                },
                {
                  key: 'storage',
                  title: t('Storage'),
                  width: 240,
                  render: (_, line) => (
                    <Flex vertical>
                      <Progress
                        size="small"
                        percent={
                          line.storage_limit_bytes > 0
                            ? Math.min(100, (line.storage_used_bytes / line.storage_limit_bytes) * 100)
                            : 0
                        }
                        format={(percent) => formatPercent(percent ?? 0)}
                      />
                      <Typography.Text type="secondary">
                        {`${formatFileSize(line.storage_used_bytes)} / ${formatFileSize(line.storage_limit_bytes)}`}
                      </Typography.Text>
                    </Flex>
                  ),
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </>
  );
}
