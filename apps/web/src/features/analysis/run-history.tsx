import type { AnalysisFunction, RunSummary } from '@app/contract/analysis/runs';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Empty, List, Pagination, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { runStatusLabel } from '../../lib/labels/analysis-labels';
import { runsQuery } from './analysis-api';
import { inputsLine } from './inputs-line';

interface RunHistoryProps {
  open: boolean;
  onClose: () => void;
  functions: AnalysisFunction[];
  onOpenRun: (run: RunSummary) => void;
}

/** The runs the caller may see: their own and those shared in the team, newest first. */
export function RunHistory({ open, onClose, functions, onOpenRun }: RunHistoryProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const runs = useQuery({ ...runsQuery(page), enabled: open });
  const params = new Map(functions.map((fn) => [fn.key, fn.parameters]));

  return (
    <Drawer title={t('Run history')} open={open} onClose={onClose} size="large">
      {!runs.data ? (
        <Skeleton active />
      ) : runs.data.items.length === 0 ? (
        <Empty description={t('No runs yet')} />
      ) : (
        <>
          <List
            dataSource={runs.data.items}
            rowKey="id"
            renderItem={(run) => (
              <List.Item
                className="analysis-history__item"
                onClick={() => onOpenRun(run)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') onOpenRun(run);
                }}
                tabIndex={0}
                role="button"
                aria-label={`${run.function_name} ${formatDate(run.creation_time)}`}
              >
                <List.Item.Meta
                  title={
                    <span>
                      {run.function_name}{' '}
                      {run.status !== 'succeeded' && (
                        <Tag color={run.status === 'failed' ? 'error' : 'processing'}>
                          {runStatusLabel(run.status, t)}
                        </Tag>
                      )}
                      {run.shared && <Tag color="blue">{t('Shared')}</Tag>}
                    </span>
                  }
                  description={
                    <>
                      <Typography.Text type="secondary" ellipsis>
                        {inputsLine(params.get(run.function_key), run.inputs, run.filters, t)}
                      </Typography.Text>
                      <div>
                        {run.mine ? t('You') : run.user_name} · {formatDate(run.creation_time)}
                        {run.credits !== null && ` · ${t('Credits: {{credits}}', { credits: run.credits })}`}
                      </div>
                    </>
                  }
                />
              </List.Item>
            )}
          />
          {runs.data.total > 20 && (
            <Pagination
              current={page}
              pageSize={20}
              total={runs.data.total}
              onChange={setPage}
              showSizeChanger={false}
              size="small"
            />
          )}
        </>
      )}
    </Drawer>
  );
}
