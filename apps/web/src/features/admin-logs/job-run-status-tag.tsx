import type { JobRun } from '@app/contract/admin/logs/job-runs';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { jobStatusLabel } from '../../lib/labels/log-labels';

type Status = JobRun['status'];

const COLORS: Record<Status, string> = { running: 'processing', completed: 'green', failed: 'red' };

/** Each status in words (the filter's choices). */
export function jobStatusLabels(t: (msgid: string) => string): Record<Status, string> {
  return {
    running: jobStatusLabel('running', t),
    completed: jobStatusLabel('completed', t),
    failed: jobStatusLabel('failed', t),
  };
}

export function JobRunStatusTag({ status }: { status: Status }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[status]}>{jobStatusLabel(status, t)}</Tag>;
}
