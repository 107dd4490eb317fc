import { EditOutlined } from '@ant-design/icons';
import type { AiTableColumn, AiTableRow, ColumnRun } from '@app/contract/ai-tables/tables';
import { OFFLINE_MODEL } from '@app/contract/billing/prices';
import { Button, Flex, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { aiOutputTypeLabel, columnRunStatusLabel } from '../../lib/labels/ai-table-labels';
import { formatCount } from '../../lib/numbers';
import { ConfirmAction } from '../../widgets/confirm-action/confirm-action';
import { ProgressBar } from '../../widgets/progress-bar/progress-bar';
import type { RunAction, RunCells } from './ai-tables-api';
import { cellsToRun, currentRun, isLive, runCost, runPercent } from './run-plan';

interface ColumnRunBarProps {
  column: AiTableColumn;
  rows: AiTableRow[];
  runs: ColumnRun[];
  cellPrice: number;
  /** The rows chosen in the grid. */
  chosen: string[];
  onStart: (column: AiTableColumn, cells: RunCells) => Promise<unknown>;
  onControl: (run: ColumnRun, action: RunAction) => Promise<unknown>;
  onEdit: (column: AiTableColumn) => void;
}

/**
 * One AI column's prompt and runs: the ways to run it, each saying what it will cost before it
 * starts, or, while a run is live, its progress (done of total, failed, credits so far) with
 * pause, resume and cancel.
 */
export function ColumnRunBar({
  column,
  rows,
  runs,
  cellPrice,
  chosen,
  onStart,
  onControl,
  onEdit,
}: ColumnRunBarProps) {
  const { t } = useTranslation();
  const run = currentRun(runs, column.id);
  const live = run && isLive(run) ? run : null;
  if (!column.ai) return null;

  return (
    <section className="ai-tables__column" aria-label={column.name}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Space size={8} wrap>
          <Typography.Text strong>{column.name}</Typography.Text>
          <Tag>{aiOutputTypeLabel(column.ai.output, t)}</Tag>
          <Typography.Text type="secondary">
            {t('Prompt version {{version}}', { version: column.ai.prompt_version })}
          </Typography.Text>
        </Space>
        <Button size="small" type="link" icon={<EditOutlined aria-hidden />} onClick={() => onEdit(column)}>
          {t('Edit prompt')}
        </Button>
      </Flex>
      <Typography.Paragraph
        type="secondary"
        ellipsis={{ rows: 1 }}
        className="ai-tables__prompt"
        translate="no"
      >
        {column.ai.prompt}
      </Typography.Paragraph>
      {live ? (
        <LiveRun column={column} run={live} onControl={onControl} />
      ) : (
        <Flex align="center" wrap gap={8}>
          <RunButton
            label={t('Run')}
            title={t('Make the empty cells of {{column}}?', { column: column.name })}
            cells={cellsToRun(rows, column.id, 'empty')}
            cellPrice={cellPrice}
            onConfirm={() => onStart(column, 'empty')}
          />
          <RunButton
            label={t('Re-run failed')}
            title={t('Make the failed cells of {{column}} again?', { column: column.name })}
            cells={cellsToRun(rows, column.id, 'failed')}
            cellPrice={cellPrice}
            onConfirm={() => onStart(column, 'failed')}
          />
          <RunButton
            label={t('Re-run all')}
            title={t('Make every cell of {{column}} again?', { column: column.name })}
            warning={t('Cells already made are replaced and charged again.')}
            cells={cellsToRun(rows, column.id, 'all')}
            cellPrice={cellPrice}
            onConfirm={() => onStart(column, 'all')}
          />
          <RunButton
            label={t('Re-run chosen rows ({{rows}})', { rows: formatCount(chosen.length) })}
            title={t('Make the cells of {{column}} in the chosen rows again?', { column: column.name })}
            cells={chosen.length}
            cellPrice={cellPrice}
            onConfirm={() => onStart(column, { row_ids: chosen })}
          />
          {run && (
            <Typography.Text type="secondary" className="ai-tables__last-run">
              {t('Last run: {{status}}', { status: columnRunStatusLabel(run.status, t) })} ·{' '}
              <span translate="no">{run.model === OFFLINE_MODEL ? t('Offline writer') : run.model}</span> ·{' '}
              <RunCounts run={run} />
            </Typography.Text>
          )}
        </Flex>
      )}
    </section>
  );
}

interface RunButtonProps {
  label: string;
  title: string;
  /** Said under the cost, for a run that charges again for cells already paid for. */
  warning?: string;
  cells: number;
  cellPrice: number;
  onConfirm: () => Promise<unknown>;
}

function RunButton({ label, title, warning, cells, cellPrice, onConfirm }: RunButtonProps) {
  const { t } = useTranslation();
  const cost = [
    t('{{count}} cells', { count: cells, defaultValue_one: '{{count}} cell' }),
    t('about {{count}} credits', {
      count: runCost(cells, cellPrice),
      defaultValue_one: 'about {{count}} credit',
    }),
  ].join(' · ');
  return (
    <ConfirmAction
      size="small"
      title={title}
      description={
        <>
          <div>{cost}</div>
          {warning && <Typography.Text type="warning">{warning}</Typography.Text>}
        </>
      }
      okText={t('Start the run')}
      disabled={cells === 0}
      onConfirm={onConfirm}
    >
      {label}
    </ConfirmAction>
  );
}

/** A run's counts; a live run's credits are those charged so far. */
function RunCounts({ run, live = false }: { run: ColumnRun; live?: boolean }) {
  const { t } = useTranslation();
  const credits = live
    ? t('{{count}} credits so far', { count: run.credits, defaultValue_one: '{{count}} credit so far' })
    : t('{{count}} credits', { count: run.credits, defaultValue_one: '{{count}} credit' });
  return (
    <>
      {t('{{done}} of {{total}} done', { done: formatCount(run.done), total: formatCount(run.total) })}
      {run.failed > 0 && ` · ${t('{{failed}} failed', { failed: formatCount(run.failed) })}`}
      {` · ${credits}`}
    </>
  );
}

function LiveRun({
  column,
  run,
  onControl,
}: {
  column: AiTableColumn;
  run: ColumnRun;
  onControl: (run: ColumnRun, action: RunAction) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  return (
    <div className="ai-tables__live-run">
      <ProgressBar value={runPercent(run)} tip={t('Progress of {{column}}', { column: column.name })} />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text>
          {columnRunStatusLabel(run.status, t)} · <RunCounts run={run} live />
        </Typography.Text>
        <Space size={8}>
          {run.status === 'running' ? (
            <Button size="small" onClick={() => void onControl(run, 'pause')}>
              {t('Pause')}
            </Button>
          ) : (
            <Button size="small" onClick={() => void onControl(run, 'resume')}>
              {t('Resume')}
            </Button>
          )}
          <Button size="small" danger onClick={() => void onControl(run, 'cancel')}>
            {t('Cancel run')}
          </Button>
        </Space>
      </Flex>
    </div>
  );
}
