import { useQuery } from '@tanstack/react-query';
import { Card, Col, Flex, Row, Skeleton, Statistic, Table, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFunctionNames } from '../../lib/analysis/functions-query';
import { formatCount } from '../../lib/format';
import { functionLabel } from '../../widgets/billing-labels/billing-labels';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { HelpTag } from '../../widgets/help-tag/help-tag';
import { ServerListView } from '../../widgets/list-page/server-list-view';
import { useServerList } from '../../widgets/list-page/use-server-list';
import { ReportRangePicker, useReportRange } from '../../widgets/report-range/report-range';
import { fetchUsageLogs, type UsageLogRow, usageKey, usageQuery } from './usage-api';
import { UsageChart } from './usage-chart';
import { usageLogColumns, usageLogFilters } from './usage-log-columns';

/**
 * `/account/usage`: the team's credits per day (a chart), by function and by member over a range
 * (the server's default is the last 30 days), and the usage log of every AI call.
 */
export function UsagePage() {
  const { t } = useTranslation();
  const [range, setRange] = useReportRange();
  const usage = useQuery(usageQuery(range));
  const names = useFunctionNames();
  const data = usage.data;

  return (
    <>
      <DocumentTitle title={t('Usage')} />
      <Flex justify="space-between" align="baseline" wrap gap={8}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('Usage')}
          <HelpTag page="/account/usage" id="title" />
        </Typography.Title>
        <ReportRangePicker shown={data ? { start: data.start, end: data.end } : range} onChange={setRange} />
      </Flex>
      {!data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Flex vertical gap={16}>
          <Row gutter={[16, 16]}>
            <Col xs={12} md={6}>
              <Card>
                <Statistic title={t('Credits used')} value={formatCount(data.total_credits)} />
              </Card>
            </Col>
            <Col xs={12} md={6}>
              <Card>
                <Statistic title={t('AI calls')} value={formatCount(data.total_calls)} />
              </Card>
            </Col>
          </Row>
          <Card title={t('Credits per day')}>
            <UsageChart days={data.by_day} seriesName={t('Credits')} />
          </Card>
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={12}>
              <Card title={t('By function')} style={{ height: '100%' }}>
                <Table
                  size="small"
                  rowKey="function_key"
                  pagination={false}
                  dataSource={data.by_function}
                  columns={[
                    {
                      key: 'function',
                      title: t('Function'),
                      render: (_, row) => functionLabel(row.function_key, t, names),
                    },
                    { key: 'calls', title: t('Calls'), dataIndex: 'calls', align: 'right' },
                    { key: 'credits', title: t('Credits'), dataIndex: 'credits', align: 'right' },
                  ]}
                />
              </Card>
            </Col>
            <Col xs={24} lg={12}>
              <Card title={t('By member')} style={{ height: '100%' }}>
                <Table
                  size="small"
                  rowKey={(row) => row.user_id ?? row.username}
                  pagination={false}
                  dataSource={data.by_member}
                  columns={[
                    { key: 'member', title: t('Member'), dataIndex: 'username' },
                    { key: 'calls', title: t('Calls'), dataIndex: 'calls', align: 'right' },
                    { key: 'credits', title: t('Credits'), dataIndex: 'credits', align: 'right' },
                  ]}
                />
              </Card>
            </Col>
          </Row>
          <UsageLog />
        </Flex>
      )}
    </>
  );
}

function UsageLog() {
  const { t } = useTranslation();
  const filterConfig = useMemo(() => usageLogFilters(t), [t]);
  const names = useFunctionNames();
  const columns = useMemo(() => usageLogColumns(t, names), [t, names]);
  const list = useServerList<UsageLogRow>({
    queryKey: [...usageKey, 'logs'],
    fetch: fetchUsageLogs,
    filterConfig,
    defaultSort: '-creation_time',
  });
  return (
    <Card title={t('Usage log')}>
      <ServerListView<UsageLogRow>
        list={list}
        filterConfig={filterConfig}
        searchPlaceholder={t('Search function or model')}
        columnDefs={columns}
        getRowId={(row) => row.id}
      />
    </Card>
  );
}
