import type { JobRun } from '@app/contract/admin/logs/job-runs';
import { Descriptions, Drawer, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { jobRunAttempt, jobRunDuration } from './job-run-duration';
import { JobRunStatusTag } from './job-run-status-tag';

interface JobRunDrawerProps {
  run: JobRun | null;
  onClose: () => void;
}

/** One run in full: its whole error and the data the job was given. */
export function JobRunDrawer({ run, onClose }: JobRunDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer open={run !== null} onClose={onClose} title={t('Job run')} size="min(720px, 90vw)">
      {run ? (
        <>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'queue', label: t('Queue'), children: run.queue },
              {
                key: 'job',
                label: t('Job ID'),
                children: <Typography.Text copyable>{run.job_id}</Typography.Text>,
              },
              { key: 'attempt', label: t('Attempt'), children: jobRunAttempt(run) },
              { key: 'status', label: t('Status'), children: <JobRunStatusTag status={run.status} /> },
              { key: 'runner', label: t('Runner'), children: run.runner },
              { key: 'start', label: t('Start'), children: formatDate(run.start_time) },
              { key: 'end', label: t('End'), children: formatDate(run.end_time) },
              { key: 'duration', label: t('Duration'), children: jobRunDuration(run) },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            {t('Error')}
          </Typography.Title>
          {run.error ? (
            <pre className="admin-logs__pre">{run.error}</pre>
          ) : (
            <Typography.Text type="secondary">{t('No error was recorded.')}</Typography.Text>
          )}
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            {t('Data')}
          </Typography.Title>
          <pre className="admin-logs__pre">{JSON.stringify(run.data ?? null, null, 2)}</pre>
        </>
      ) : null}
    </Drawer>
  );
}
