import {
  EXTERNAL_API_LABELS,
  type ExternalCall,
  type InterfaceStat,
} from '@app/contract/connectors/admin-interfaces';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Segmented, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatCompactNumber, formatCount, formatDate, formatPercent } from '../../lib/format';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { ServerListView } from '../../widgets/list-page/server-list-view';
import { useServerList } from '../../widgets/list-page/use-server-list';
import { callColumns } from './call-columns';
import { callFilters } from './call-filters';
import { fetchCalls, integrationsKey, interfacesQuery } from './integrations-api';
import { chartData, type InterfaceMetric } from './interface-series';
import { InterfacesChart } from './interfaces-chart';

const PERIODS = [1, 7, 30] as const;

/** The period lives in the address (`days`), next to the call log's own list state. */
function readDays(value: string | null): number {
  const days = Number(value);
  return PERIODS.includes(days as (typeof PERIODS)[number]) ? days : 7;
}

function ms(value: number | null): string {
  return value === null ? '—' : `${Math.round(value)} ms`;
}

/**
 * `/admin/integ-3rd-platform/interfaces`: each external API the product calls at Google, with its
 * calls, errors, latency and quota use over the period (a chart, loaded lazily), and the recent
 * call log with status.
 */
export function InterfacesPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const days = readDays(search.get('days'));
  const stats = useQuery(interfacesQuery(days));
  const [metric, setMetric] = useState<InterfaceMetric>('calls');
  const filterConfig = useMemo(() => callFilters(t), [t]);
  const list = useServerList<ExternalCall>({
    queryKey: [...integrationsKey, 'calls'],
    fetch: fetchCalls,
    filterConfig,
    defaultSort: '-created_at',
  });
  const columns = useMemo(() => callColumns(t), [t]);
  const label = (item: InterfaceStat) => t(EXTERNAL_API_LABELS[item.api]);
  const chart = useMemo(
    () =>
      stats.data
        ? chartData(stats.data.items, metric, (item) => t(EXTERNAL_API_LABELS[item.api]), stats.data)
        : null,
    [stats.data, metric, t],
  );
  const units: Record<InterfaceMetric, string> = {
    calls: t('Calls'),
    errors: t('Errors'),
    avg_latency_ms: t('Average latency (ms)'),
    quota_used: t('Quota units'),
  };

  return (
    <>
      <DocumentTitle title={t('Interfaces')} />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('Interfaces')}
        </Typography.Title>
        <Segmented
          aria-label={t('Period')}
          value={days}
          options={[
            { value: 1, label: t('Last 24 hours') },
            { value: 7, label: t('Last 7 days') },
            { value: 30, label: t('Last 30 days') },
          ]}
          onChange={(value) => {
            const next = new URLSearchParams(search);
            next.set('days', String(value));
            setSearch(next, { replace: true });
          }}
        />
      </Flex>
      <Flex vertical gap={16}>
        <Card size="small" title={t('By interface')}>
          <Table<InterfaceStat>
            size="small"
            rowKey="api"
            loading={stats.isLoading}
            pagination={false}
            scroll={{ x: true }}
            dataSource={stats.data?.items ?? []}
            columns={[
              { title: t('Interface'), key: 'api', render: (_, item) => label(item) },
              {
                title: t('Calls'),
                dataIndex: 'calls',
                align: 'right',
                render: (v: number) => formatCompactNumber(v),
              },
              {
                title: t('Errors'),
                key: 'errors',
                align: 'right',
                render: (_, item) =>
                  item.errors > 0
                    ? `${formatCount(item.errors)} (${formatPercent((item.errors / item.calls) * 100)})`
                    : '0',
              },
              { title: t('Quota errors'), dataIndex: 'quota_errors', align: 'right' },
              { title: t('Auth errors'), dataIndex: 'auth_errors', align: 'right' },
              { title: t('Average latency'), dataIndex: 'avg_latency_ms', align: 'right', render: ms },
              { title: t('p95 latency'), dataIndex: 'p95_latency_ms', align: 'right', render: ms },
              {
                title: t('Quota used'),
                dataIndex: 'quota_used',
                align: 'right',
                render: (v: number) => formatCompactNumber(v),
              },
              {
                title: t('Last call'),
                key: 'last',
                render: (_, item) =>
                  item.last_call_at === null
                    ? t('Never')
                    : `${formatDate(item.last_call_at)} · ${item.last_status ?? '—'}`,
              },
            ]}
          />
        </Card>
        <Card
          size="small"
          data-testid="interfaces-over-time"
          title={t('Over time')}
          extra={
            <Segmented
              aria-label={t('Measure')}
              value={metric}
              onChange={(value) => setMetric(value as InterfaceMetric)}
              options={[
                { value: 'calls', label: t('Calls') },
                { value: 'errors', label: t('Errors') },
                { value: 'avg_latency_ms', label: t('Latency') },
                { value: 'quota_used', label: t('Quota used') },
              ]}
            />
          }
        >
          {chart && chart.series.length > 0 && stats.data ? (
            <InterfacesChart
              rows={chart.rows}
              series={chart.series}
              unit={units[metric]}
              bucket={stats.data.bucket}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('No calls in this period')} />
          )}
        </Card>
        <Card size="small" title={t('Recent calls')} data-testid="interfaces-recent-calls">
          <ServerListView<ExternalCall>
            list={list}
            filterConfig={filterConfig}
            searchPlaceholder={t('Search path')}
            columnDefs={columns}
            getRowId={(call) => call.id}
          />
        </Card>
      </Flex>
    </>
  );
}
