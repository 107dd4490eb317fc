import type { AiCell, AiColumnConfig, ColumnRun } from '@app/contract/ai-tables/tables';
import { OFFLINE_MODEL } from '@app/contract/billing/prices';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@app/contract/common';
import { AppError } from '../../platform/app-error';
import { toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import { findBrand } from '../brand/brand.service';
import { type ActiveModel, offeredModel } from '../chat/assistant/providers';
import { releaseCredits, reserveCredits, settleCredits } from '../credits/credits.service';
import { currentPrices } from '../credits/price-table';
import { costOfCall, tokenCost } from '../credits/prices.service';
import {
  type CellRow,
  type ColumnRow,
  claimCells,
  countRun,
  findRun,
  finishRunRow,
  type KeptCell,
  keepCells,
  type RunRow,
  recountRun,
  requeueRunning,
  restoreWaitingCells,
  staleRuns,
  starterLocale,
  tableColumns,
  updateRun,
} from './ai-tables.repo';
import { CellError, writeCell } from './cell-writer';

/**
 * Running an AI column (issue 25). A run queues its cells and a job works through them, a few at
 * a time: each cell holds its price under a key of its own (`ai_table:<run>:<row>`), is written,
 * then settled; a cell that fails is released. The keys are what make a restart safe: a worker
 * lost mid-run leaves cells running and holds held; the sweep puts the cells back in the queue
 * and sends the job again, and the same key finds the hold already made (or already settled:
 * that cell was paid for, so it is written again without a second charge). Pause stops between
 * cells; cancel also aborts the cells being written and releases their holds.
 */

export const AI_TABLE_JOB = 'ai-tables.column-run';
export const AI_TABLE_SWEEP_JOB = 'ai-tables.sweep';
export const AI_TABLE_FUNCTION = 'ai_table';
/** Cells written at once per run: keeps a provider busy without breaching its rate limit. */
export const DEFAULT_CONCURRENCY = 4;
/** A running run silent this long lost its worker. */
export const STALE_SECONDS = 60;
/** What a remote model's cell may use at most, for the hold. */
const ESTIMATE_TOKENS = { input: 2_000, output: 600 };
/** Progress goes out at most this often. */
const PUBLISH_EVERY_MS = 400;

/** What writing one cell came to, before it is kept, settled and counted with its batch. */
interface Outcome extends KeptCell {
  reservation: Awaited<ReturnType<typeof reserveCredits>> | null;
  answer?: { inputTokens: number; outputTokens: number };
  /** The hold was refused (no credits left, the plan changed): the run pauses. */
  pause: boolean;
}

/** In-flight work of the runs this process works on, so a cancel can abort it. */
const inFlight = new Map<string, AbortController>();

export function toColumnRun(row: RunRow): ColumnRun {
  return {
    id: row.id,
    column_id: row.columnId,
    status: row.status as ColumnRun['status'],
    total: row.total,
    done: row.done,
    failed: row.failed,
    credits: row.credits,
    model: row.model,
    creation_time: toSeconds(row.createdAt),
  };
}

export function toCell(row: Pick<CellRow, 'status' | 'value' | 'error' | 'promptVersion'>): AiCell {
  return {
    status: row.status as AiCell['status'],
    value: (row.value ?? null) as AiCell['value'],
    error: row.error,
    prompt_version: row.promptVersion,
  };
}

export const configOf = (column: ColumnRow): AiColumnConfig => ({
  prompt: column.prompt ?? '',
  output: (column.output ?? 'text') as AiColumnConfig['output'],
  ...(Array.isArray(column.labels) ? { labels: column.labels as string[] } : {}),
  model: column.model,
});

/**
 * Sends the run's job. Without the job runner (focused tests, the bench) the run stays queued
 * and the caller works on it with `runColumn`, as the sync's runs do.
 */
export async function dispatchRun(platform: Platform, runId: string): Promise<void> {
  if (platform.jobs.enabled) await platform.jobs.send(AI_TABLE_JOB, { runId });
}

async function publish(platform: Platform, run: RunRow, cells: { row_id: string; cell: AiCell }[]) {
  await platform.events
    .publish('user_basic', run.userId, {
      ai_table_run: {
        ...toColumnRun(run),
        table_id: run.tableId,
        cells: cells.map(({ row_id, cell }) => ({ row_id, column_id: run.columnId, cell })),
      },
    })
    .catch(() => undefined);
}

/**
 * Works through a run's queued cells until none is left or the run is paused or cancelled.
 * `stopAfter` stops it after that many cells as a crash would (tests of the resume).
 */
export async function runColumn(
  platform: Platform,
  runId: string,
  options: { concurrency?: number; stopAfter?: number } = {},
): Promise<void> {
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY);
  const first = await findRun(platform.db, runId);
  if (!first || first.status !== 'running') return;
  const [columns, writer, brand, saved] = await Promise.all([
    tableColumns(platform.db, first.tableId),
    offeredModel(platform, first.model),
    findBrand(platform.db, first.teamId),
    starterLocale(platform.db, first.userId),
  ]);
  // The offline writer writes ad copy in the starter's language (Chinese copy for a Chinese
  // reader's English keywords); a model follows the prompt's own language.
  const locale = LOCALES.includes(saved as Locale) ? (saved as Locale) : DEFAULT_LOCALE;
  const column = columns.find((c) => c.id === first.columnId);
  if (!column) return;
  // The run is written by the model it recorded at its start (a restart does not switch it); a
  // model the admin removed since fails each cell saying so, and nothing is charged for them.
  const active: ActiveModel = writer ?? { kind: 'offline', id: OFFLINE_MODEL };
  const config = configOf(column);
  const fieldNames = Object.fromEntries(columns.map((c) => [c.key, c.name]));
  const caller = { teamId: first.teamId, userId: first.userId };
  // The prices are read once a run: every cell is costed by the same rule as any call
  // (costOfCall: the function's price plus the tokens at the model's rates), without a round trip.
  const [estimate, modelPrice] = await Promise.all([
    costOfCall(platform, {
      functionKey: AI_TABLE_FUNCTION,
      model: active.id,
      inputTokens: active.kind === 'remote' ? ESTIMATE_TOKENS.input : 0,
      outputTokens: active.kind === 'remote' ? ESTIMATE_TOKENS.output : 0,
    }),
    currentPrices(platform).then((prices) => prices.models.get(active.id) ?? null),
  ]);
  const cellCost = (inputTokens: number, outputTokens: number) =>
    estimate.functionCredits + (modelPrice ? tokenCost(modelPrice, inputTokens, outputTokens) : 0);
  const abort = new AbortController();
  inFlight.set(runId, abort);
  let written = 0;
  let lastPublish = 0;
  let pending: { row_id: string; cell: AiCell }[] = [];

  /** One cell: held under its key, written by the model or the offline writer; not yet kept. */
  const writeOne = async (rowId: string, data: Record<string, string | number | null>): Promise<Outcome> => {
    let reservation: Awaited<ReturnType<typeof reserveCredits>>;
    try {
      reservation = await reserveCredits(platform, caller, {
        functionKey: AI_TABLE_FUNCTION,
        estimate: Math.max(1, estimate.credits),
        model: active.id,
        key: `ai_table:${runId}:${rowId}`,
        leaseSeconds: 120,
      });
    } catch (error) {
      // Out of credits (or the plan changed): this cell says why and the run pauses.
      const message = error instanceof AppError ? error.message : String(error);
      return { rowId, status: 'failed', value: null, error: message, reservation: null, pause: true };
    }
    try {
      if (!writer) throw new CellError('The model of this column is no longer offered: choose another one');
      const answer = await writeCell(
        active,
        {
          config,
          row: data,
          fieldNames,
          brand: { name: brand?.brandName ?? '', website: brand?.website ?? '' },
          locale,
        },
        abort.signal,
      );
      return { rowId, status: 'done', value: answer.value, error: null, reservation, answer, pause: false };
    } catch (error) {
      const message =
        error instanceof CellError
          ? error.message
          : abort.signal.aborted
            ? 'Cancelled'
            : 'The model could not write this cell';
      return { rowId, status: 'failed', value: null, error: message, reservation, pause: false };
    }
  };

  /**
   * A batch's cells kept in one statement, then settled (done) or released (failed), then
   * counted once. The value is kept before the hold is settled: a worker lost in between leaves
   * a cell written and not charged (its hold expires), never charged and lost; a cell already
   * paid (its key settled before a loss) is kept again without a second charge.
   */
  const keep = async (outcomes: Outcome[]) => {
    const kept = await keepCells(platform.db, column.id, column.promptVersion, outcomes);
    let credits = 0;
    await Promise.all(
      outcomes.map(async (outcome) => {
        const { reservation } = outcome;
        if (!reservation || reservation.reused === 'settled') return;
        if (outcome.status === 'failed' || !outcome.answer) {
          await releaseCredits(platform, reservation).catch(() => undefined);
          return;
        }
        const { inputTokens, outputTokens } = outcome.answer;
        const settled = await settleCredits(platform, reservation, {
          credits: cellCost(inputTokens, outputTokens),
          model: active.id,
          inputTokens,
          outputTokens,
        });
        if (!settled.repeated) credits += settled.charged;
      }),
    );
    const done = outcomes.filter((o) => o.status === 'done').length;
    await countRun(platform.db, runId, { done, failed: outcomes.length - done, credits });
    if (outcomes.some((o) => o.pause)) await updateRun(platform.db, runId, { status: 'paused' });
    for (const cell of kept) pending.push({ row_id: cell.rowId, cell: toCell(cell) });
  };

  // A batch is kept (one statement, its settlements, its counts) while the next one is written.
  let keeping: Promise<void> = Promise.resolve();
  try {
    for (;;) {
      const run = await findRun(platform.db, runId);
      if (!run || run.status !== 'running') {
        await keeping;
        if (run) await publish(platform, run, pending);
        return;
      }
      const claimed = await claimCells(platform.db, runId, concurrency);
      if (claimed.length === 0) {
        await keeping;
        await recountRun(platform.db, run);
        const finished = await finishRunRow(platform.db, runId);
        await publish(platform, finished ?? run, pending);
        return;
      }
      const outcomes = await Promise.all(claimed.map((cell) => writeOne(cell.rowId, cell.data)));
      await keeping;
      keeping = keep(outcomes);
      written += claimed.length;
      if (Date.now() - lastPublish >= PUBLISH_EVERY_MS) {
        // The counts read at this batch's start: at most a batch behind, the last message exact.
        await publish(platform, run, pending);
        pending = [];
        lastPublish = Date.now();
      }
      if (options.stopAfter !== undefined && written >= options.stopAfter) {
        await keeping;
        return;
      }
    }
  } finally {
    if (inFlight.get(runId) === abort) inFlight.delete(runId);
  }
}

/** Pause, resume or cancel a run (the caller has checked it is their team's). */
export async function controlRun(platform: Platform, run: RunRow, action: 'pause' | 'resume' | 'cancel') {
  if (action === 'pause') {
    if (run.status !== 'running')
      throw new AppError('CONFLICT', { msg: 'Only a running column can be paused' });
    return updateRun(platform.db, run.id, { status: 'paused' });
  }
  if (action === 'resume') {
    if (run.status !== 'paused')
      throw new AppError('CONFLICT', { msg: 'Only a paused column can be resumed' });
    const resumed = await updateRun(platform.db, run.id, { status: 'running', heartbeatAt: new Date() });
    await dispatchRun(platform, run.id);
    return resumed;
  }
  if (run.status !== 'running' && run.status !== 'paused') {
    throw new AppError('CONFLICT', { msg: 'This run has already ended' });
  }
  const cancelled = await updateRun(platform.db, run.id, { status: 'cancelled', finishedAt: new Date() });
  inFlight.get(run.id)?.abort();
  await restoreWaitingCells(platform.db, run.id);
  if (cancelled) await publish(platform, cancelled, []);
  return cancelled;
}

/** Runs whose worker was lost (a crash, a restart) go on: their running cells are queued again. */
export async function resumeStaleRuns(platform: Platform, now = new Date()): Promise<number> {
  const stale = await staleRuns(platform.db, new Date(now.getTime() - STALE_SECONDS * 1000));
  for (const run of stale) {
    await requeueRunning(platform.db, run.id);
    await updateRun(platform.db, run.id, { heartbeatAt: now });
    await dispatchRun(platform, run.id);
  }
  return stale.length;
}

export function defineColumnRunJobs(platform: Platform): void {
  platform.jobs.define<{ runId: string }>({
    name: AI_TABLE_JOB,
    retryLimit: 2,
    retryDelaySeconds: 10,
    run: ({ data }) => runColumn(platform, data.runId),
  });
  platform.jobs.define({
    name: AI_TABLE_SWEEP_JOB,
    cron: '* * * * *',
    run: async () => {
      await resumeStaleRuns(platform);
    },
  });
}
