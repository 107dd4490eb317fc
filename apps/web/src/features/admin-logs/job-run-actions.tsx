import { ProfileOutlined, RedoOutlined } from '@ant-design/icons';
import type { JobRun } from '@app/contract/admin/logs/job-runs';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../widgets/confirm-action/confirm-action';

interface JobRunActionsProps {
  run: JobRun;
  onOpen: (run: JobRun) => void;
  onRetry: (run: JobRun) => Promise<unknown>;
}

/**
 * Details, and Retry for a job that failed its last try. Buttons rather than a row click: a click
 * on Retry inside a clickable row would open the details too.
 */
export function JobRunActions({ run, onOpen, onRetry }: JobRunActionsProps) {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      <Button
        size="small"
        type="link"
        icon={<ProfileOutlined aria-hidden />}
        onClick={() => onOpen(run)}
        aria-label={t('Details of run {{id}}', { id: run.id })}
      >
        {t('Details')}
      </Button>
      {run.retryable ? (
        <ConfirmAction
          title={t('Put job {{job}} back in the {{queue}} queue?', { job: run.job_id, queue: run.queue })}
          okText={t('Retry')}
          onConfirm={() => onRetry(run)}
          size="small"
          type="link"
          icon={<RedoOutlined aria-hidden />}
          aria-label={t('Retry run {{id}}', { id: run.id })}
        />
      ) : null}
    </Space>
  );
}
