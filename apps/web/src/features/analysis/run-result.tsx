import { MessageOutlined, RedoOutlined, TableOutlined } from '@ant-design/icons';
import type { AnalysisFunction, AnalysisRun } from '@app/contract/analysis/runs';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Space, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDate } from '../../lib/format';
import { ReplyParts } from '../../widgets/reply-parts/reply-parts';
import { analysisKey, runQuery, setShared, toChat } from './analysis-api';
import { inputsLine } from './inputs-line';

interface RunResultProps {
  run: AnalysisRun;
  fn: AnalysisFunction | undefined;
  /** Runs the same function again with the same inputs and filters. */
  onRerun: (run: AnalysisRun) => void;
  rerunning: boolean;
}

/**
 * A run as kept: what ran (function, version, inputs, filters), who ran it, what it cost and with
 * which model, then its parts (summary, grids with their sources, charts, SQL). The author may
 * share it with the team; anyone who sees it may re-run it or continue it in a chat.
 */
export function RunResult({ run, fn, onRerun, rerunning }: RunResultProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [busy, setBusy] = useState<'share' | 'chat' | null>(null);

  const share = async (shared: boolean) => {
    setBusy('share');
    try {
      const { run: saved } = await setShared(run.id, shared);
      client.setQueryData(runQuery(run.id).queryKey, { run: { ...run, shared: saved.shared } });
      await client.invalidateQueries({ queryKey: [...analysisKey, 'runs'] });
      void message.success(shared ? t('Shared with the team') : t('No longer shared'));
    } finally {
      setBusy(null);
    }
  };

  // The run's first table becomes an AI table's rows (its kept result, copied on /ai-table).
  const firstTable = run.parts.find((part) => part.type === 'ag_table');
  const toAiTable = firstTable
    ? `/ai-table?${new URLSearchParams({ result_id: firstTable.result_id, name: run.function_name }).toString()}`
    : null;

  const continueInChat = async () => {
    setBusy('chat');
    try {
      const { chat_id } = await toChat(run.id);
      navigate(`/chat/${chat_id}`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card
      className="analysis-run"
      data-testid="analysis-run"
      title={
        <Space wrap size={8}>
          <span>{run.function_name}</span>
          <Tag>{t('Version {{version}}', { version: run.version })}</Tag>
        </Space>
      }
      extra={
        <Space wrap>
          <Button icon={<RedoOutlined aria-hidden />} loading={rerunning} onClick={() => onRerun(run)}>
            {t('Run again')}
          </Button>
          {toAiTable && (
            <Button icon={<TableOutlined aria-hidden />} onClick={() => navigate(toAiTable)}>
              {t('Make an AI table')}
            </Button>
          )}
          <Button
            icon={<MessageOutlined aria-hidden />}
            loading={busy === 'chat'}
            disabled={run.status !== 'succeeded'}
            onClick={continueInChat}
          >
            {t('Continue in chat')}
          </Button>
        </Space>
      }
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          {inputsLine(fn?.parameters, run.inputs, run.filters, t)}
        </Typography.Text>
        <Flex wrap gap={16} align="center" className="analysis-run__meta">
          <span>
            {t('Run by {{name}}', { name: run.user_name })} · {formatDate(run.creation_time)}
          </span>
          {run.credits !== null && <span>{t('Credits: {{credits}}', { credits: run.credits })}</span>}
          {run.model && <span>{run.model === 'offline' ? t('Offline assistant') : run.model}</span>}
          {run.mine ? (
            <Space size={6}>
              <Switch
                size="small"
                checked={run.shared}
                loading={busy === 'share'}
                onChange={share}
                aria-label={t('Share with the team')}
              />
              <span>{t('Share with the team')}</span>
            </Space>
          ) : (
            run.shared && <Tag color="blue">{t('Shared')}</Tag>
          )}
        </Flex>
        {run.status === 'failed' ? (
          <Typography.Text type="danger">
            {run.error ?? t('The analysis could not be completed')}
          </Typography.Text>
        ) : (
          <div className="analysis-run__parts">
            <ReplyParts parts={run.parts} />
          </div>
        )}
      </Flex>
    </Card>
  );
}
