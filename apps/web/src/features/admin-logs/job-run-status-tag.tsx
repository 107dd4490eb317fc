import type { JobRun } from '@app/contract/admin/logs/job-runs';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

type Status = JobRun['status'];

const COLORS: Record<Status, string> = { running: 'processing', completed: 'green', failed: 'red' };

export function jobStatusLabels(t: (msgid: string) => string): Record<Status, string> {
  return { running: t('Running'), completed: t('Completed'), failed: t('Failed') };
}

export function JobRunStatusTag({ status }: { status: Status }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[status]}>{jobStatusLabels(t)[status]}</Tag>;
}
