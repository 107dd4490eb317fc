import { type JobRun, jobRunListFields } from '@app/contract/admin/logs/job-runs';
import { App, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { filterConfigFrom } from '../../widgets/filter-drawer/filter-config-from-fields';
import { ServerListView } from '../../widgets/list-page/server-list-view';
import { useServerList } from '../../widgets/list-page/use-server-list';
import { jobRunColumns } from './job-run-columns';
import { JobRunDrawer } from './job-run-drawer';
import { jobStatusLabels } from './job-run-status-tag';
import { fetchJobRuns, jobRunsKey, queuesOf, useRetryJobRun } from './job-runs-api';
import './admin-logs.css';

/** `/admin/system/schedule/notify/logs`: every attempt of every background job; retry a failed one. */
export function JobRunsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  // The queue choices come with the list answer; until it arrives the filter offers "All" only.
  const [queues, setQueues] = useState<string[]>([]);
  const queueKey = queues.join('\n');
  const filterConfig = useMemo(() => {
    const labels = jobStatusLabels(t);
    return filterConfigFrom(jobRunListFields, {
      queue: {
        alias: t('Queue'),
        // Queue names are identifiers operators search for verbatim; they are not translated.
        options: queueKey ? queueKey.split('\n').map((queue) => ({ name: queue, value: queue })) : [],
      },
      status: {
        alias: t('Status'),
        options: (['running', 'completed', 'failed'] as const).map((status) => ({
          name: labels[status],
          value: status,
        })),
      },
      start_time: { alias: t('Start') },
    });
  }, [t, queueKey]);
  const list = useServerList<JobRun>({
    queryKey: [...jobRunsKey, 'list'],
    fetch: fetchJobRuns,
    filterConfig,
    defaultSort: '-start_time',
  });
  const answered = queuesOf(list.data);
  if (answered.length > 0 && answered.join('\n') !== queueKey) setQueues(answered);

  const retry = useRetryJobRun();
  const { mutateAsync: retryRun } = retry;
  const [opened, setOpened] = useState<JobRun | null>(null);
  const columns = useMemo(
    () =>
      jobRunColumns(t, {
        onOpen: setOpened,
        onRetry: (run) => retryRun(run.id).then(() => message.success(t('The job is back in its queue'))),
      }),
    [t, retryRun, message],
  );

  return (
    <>
      <DocumentTitle title={t('Job logs')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Job logs')}
      </Typography.Title>
      <ServerListView<JobRun>
        list={list}
        filterConfig={filterConfig}
        searchPlaceholder={t('Search queue, job ID or error')}
        columnDefs={columns}
        getRowId={(run) => String(run.id)}
      />
      <JobRunDrawer run={opened} onClose={() => setOpened(null)} />
    </>
  );
}
