import {
  type OpenApiRequest,
  openApiRequestListFields,
} from '@app/contract/admin/open-api/open-api-requests';
import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Segmented, Statistic, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { filterConfigFrom } from '../../widgets/filter-drawer/filter-config-from-fields';
import { ServerListView } from '../../widgets/list-page/server-list-view';
import { useServerList } from '../../widgets/list-page/use-server-list';
import { fetchOpenApiRequests, openApiRequestsKey, requestStatsQuery } from './open-api-api';
import { openApiRequestColumns } from './open-api-request-columns';
import { RequestsChart } from './requests-chart';

const SPANS = { hour: 3600, day: 86_400, week: 7 * 86_400, month: 30 * 86_400 } as const;
type Span = keyof typeof SPANS;

/** `/admin/logs/open-api/requests`: every Open API call, with calls and errors over time. */
export function OpenApiRequestsPage() {
  const { t } = useTranslation();
  const [span, setSpan] = useState<Span>('day');
  // The span ends at the start of the next minute, so the chart's query stays the same for a minute.
  const [to] = useState(() => Math.ceil(Date.now() / 60_000) * 60);
  const from = to - SPANS[span];
  const stats = useQuery(requestStatsQuery(from, to));
  const filterConfig = useMemo(
    () =>
      filterConfigFrom(openApiRequestListFields, {
        status: {
          alias: t('Status'),
          operator: 'gte',
          options: [
            { value: '400', name: t('Refused or failed (400 and up)') },
            { value: '500', name: t('Server errors (500 and up)') },
          ],
        },
        creation_time: { alias: t('Time') },
      }),
    [t],
  );
  const list = useServerList<OpenApiRequest>({
    queryKey: [...openApiRequestsKey, 'list'],
    fetch: fetchOpenApiRequests,
    filterConfig,
    defaultSort: '-creation_time',
  });
  const columns = useMemo(() => openApiRequestColumns(t), [t]);
  const points = useMemo(
    () => (stats.data?.buckets ?? []).map(({ start, calls, errors }) => ({ start, calls, errors })),
    [stats.data],
  );
  const labelOf = useCallback(
    (start: number) => formatDate(start, span === 'hour' || span === 'day' ? 'HH:mm' : 'MM-DD HH:mm'),
    [span],
  );

  return (
    <>
      <DocumentTitle title={t('Open API requests')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Open API requests')}
      </Typography.Title>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Flex justify="space-between" align="center" wrap gap={16}>
          <Segmented<Span>
            value={span}
            onChange={setSpan}
            options={[
              { value: 'hour', label: t('Last hour') },
              { value: 'day', label: t('Last 24 hours') },
              { value: 'week', label: t('Last 7 days') },
              { value: 'month', label: t('Last 30 days') },
            ]}
          />
          <Flex gap={32}>
            <Statistic title={t('Calls')} value={stats.data?.calls ?? 0} />
            <Statistic title={t('Errors')} value={stats.data?.errors ?? 0} />
            <Statistic
              title={t('95th percentile latency')}
              value={stats.data?.p95_latency_ms ?? '-'}
              suffix={stats.data?.p95_latency_ms === null ? undefined : 'ms'}
            />
          </Flex>
        </Flex>
        <Typography.Text type="secondary">
          {t('From the request log, {{from}} to {{to}}, in buckets of {{minutes}} min', {
            from: formatDate(from),
            to: formatDate(to),
            minutes: Math.round((stats.data?.bucket_seconds ?? 60) / 60),
          })}
        </Typography.Text>
        <RequestsChart points={points} labelOf={labelOf} callsName={t('Calls')} errorsName={t('Errors')} />
      </Card>
      <ServerListView<OpenApiRequest>
        list={list}
        filterConfig={filterConfig}
        searchPlaceholder={t('Search request ID or route')}
        columnDefs={columns}
        getRowId={(call) => String(call.id)}
      />
    </>
  );
}
