import { addDays, type Day, todayAt } from '@app/contract/analytics/date-ranges';
import type { GoogleService, SyncPhase } from '@app/contract/connectors/google-services';
import type { GadsSelected } from '@app/contract/connectors/metadata';
import { RUNNER } from '../../platform/jobs';
import type { Platform } from '../../platform/platform';
import {
  type BindingRow,
  bindingsDueDaily,
  bindingsOverdue,
  findBinding,
  releaseLease,
  takeLease,
  updateBinding,
  updateBindingIf,
} from './bindings.repo';
import { purgeExternalCalls } from './external-calls.repo';
import { adsCustomerInfo, adsWindow, gaReportPage, gscPage, type SyncPage, type Window } from './google-apis';
import { type GoogleClient, serviceOffer } from './google-client';
import { GoogleApiError } from './google-http';
import { syncRangeTotals, totalRanges } from './range-totals';
import { type PageWrite, readCursor, resetCursor, writePages } from './sync-store';
import { NeedsReconnectError } from './tokens';

/**
 * The sync of one bound service (issue 12 item 8): a first backfill of up to two years, then daily
 * increments that re-read the last three days (GA4 and Search Console revise recent days). Each
 * run reads windows of 30 days, newest first, page by page; the cursor kept with the staged rows
 * (sync-store.ts) makes any stop resumable exactly. Quota errors and passing failures wait and
 * resume by themselves (a job queued for later); a refused token turns the binding into 'needs
 * reconnect'. A run works at most 40 s, then queues its own continuation, so no job outlives
 * pg-boss's expiry and other teams' syncs get their turn.
 */

export const SYNC_JOB = 'connectors.google-sync';
export const DAILY_JOB = 'connectors.google-daily';
export const SWEEP_JOB = 'connectors.google-sweep';
export const PURGE_JOB = 'connectors.external-calls-purge';

export const BACKFILL_DAYS = 730;
const WINDOW_DAYS = 30;
/** Days re-read by each increment before the last complete day. */
export const RELOOK_DAYS = 3;
const RUN_BUDGET_MS = 40_000;
/** Rows read before they are written to the store (pages are written together). */
const FLUSH_ROWS = 50_000;
const FLUSH_EVERY_MS = 3000;
const LEASE_SECONDS = 120;
/** Tries without progress before a run stops and waits for someone. */
const MAX_ATTEMPTS = 8;
const MAX_WAIT_SECONDS = 3600;

/** Days are `YYYY-MM-DD`, so their text order is their calendar order. */
const earlierDay = (a: Day, b: Day): Day => (a.localeCompare(b) <= 0 ? a : b);
const laterDay = (a: Day, b: Day): Day => (a.localeCompare(b) >= 0 ? a : b);

/** Windows of the plan, newest first: the days a user asks about first arrive first. */
export function windowsOf(start: Day, end: Day): Window[] {
  const windows: Window[] = [];
  for (let last = end; last >= start; last = addDays(last, -WINDOW_DAYS)) {
    const first = addDays(last, -(WINDOW_DAYS - 1));
    windows.push({ start: laterDay(first, start), end: last });
  }
  return windows;
}

const yesterday = (): Day => addDays(todayAt(0), -1);

export function backfillPlan(): { phase: SyncPhase; start: Day; end: Day } {
  const end = yesterday();
  return { phase: 'backfill', start: addDays(end, -(BACKFILL_DAYS - 1)), end };
}

/** From three days before the last complete day (or what was missed since) up to yesterday. */
export function incrementalPlan(binding: BindingRow): { phase: SyncPhase; start: Day; end: Day } {
  const end = yesterday();
  const floor = addDays(end, -(BACKFILL_DAYS - 1));
  const from = binding.completeThrough
    ? addDays(binding.completeThrough, -(RELOOK_DAYS - 1))
    : addDays(end, -(RELOOK_DAYS - 1));
  const latest = addDays(end, -(RELOOK_DAYS - 1));
  return { phase: 'incremental', start: laterDay(earlierDay(from, latest), floor), end };
}

/** The plan a new run of this binding follows: the backfill until it has finished once. */
export function nextPlan(binding: BindingRow) {
  return binding.backfilledAt ? incrementalPlan(binding) : backfillPlan();
}

async function sendJob(platform: Platform, bindingId: string, delaySeconds = 0): Promise<void> {
  // Without the job runner (focused tests) the run stays queued; the sweep sends it once jobs run.
  if (!platform.jobs.enabled) return;
  await platform.jobs.send(
    SYNC_JOB,
    { bindingId },
    delaySeconds > 0 ? { startAfterSeconds: delaySeconds } : {},
  );
}

/** Queues a new run of `plan` (progress starts over) and its job. */
export async function queueSync(
  platform: Platform,
  binding: BindingRow,
  plan: { phase: SyncPhase; start: Day; end: Day },
): Promise<BindingRow> {
  const updated = await updateBinding(platform.db, binding.id, {
    syncStatus: 'queued',
    syncPhase: plan.phase,
    syncRangeStart: plan.start,
    syncRangeEnd: plan.end,
    syncWindowsDone: 0,
    syncWindowsTotal: windowsOf(plan.start, plan.end).length,
    syncRows: 0,
    syncAttempts: 0,
    syncStartedAt: null,
    syncFinishedAt: null,
    syncNextAttemptAt: null,
  });
  await sendJob(platform, binding.id);
  return updated ?? binding;
}

/** A waiting run goes on now ('sync now' during a backoff). */
export async function resumeNow(platform: Platform, binding: BindingRow): Promise<BindingRow> {
  const updated = await updateBindingIf(platform.db, binding.id, ['waiting'], {
    syncStatus: 'queued',
    syncNextAttemptAt: null,
  });
  if (updated) await sendJob(platform, binding.id);
  return updated ?? binding;
}

interface RunContext {
  platform: Platform;
  client: GoogleClient;
  binding: BindingRow;
  service: GoogleService;
  property: string;
  currency: string;
  timeZone: string;
  pageSize: number;
}

async function readPage(ctx: RunContext, window: Window, offset: number): Promise<SyncPage> {
  const { platform, client, binding, property, pageSize } = ctx;
  if (ctx.service === 'ga')
    return gaReportPage(platform, client, binding, property, window, offset, pageSize);
  if (ctx.service === 'gsc') return gscPage(platform, client, binding, property, window, offset, pageSize);
  return adsWindow(platform, client, binding, (binding.selected as GadsSelected).customer_hierarchy, window);
}

/**
 * One job's worth of a binding's run. Never throws for Google's or the store's failures: they
 * are the binding's state (waiting with a time to resume, failed with the error), not the job's.
 */
export async function runSync(platform: Platform, bindingId: string): Promise<void> {
  const found = await findBinding(platform.db, bindingId);
  if (found?.status !== 'active' || !found.selectedId || !found.selected) return;
  if (!['queued', 'waiting', 'running'].includes(found.syncStatus)) return;
  // A stray early job; the one queued for the resume time comes later.
  if (found.syncStatus === 'waiting' && (found.syncNextAttemptAt?.getTime() ?? 0) > Date.now() + 1000) return;

  const offer = await serviceOffer(platform, found.service as GoogleService);
  if (!offer.offered || !offer.client) {
    await updateBinding(platform.db, found.id, {
      syncStatus: 'failed',
      lastError: offer.reason ?? 'Google is not configured',
      lastErrorAt: new Date(),
    });
    return;
  }
  const holder = `${RUNNER}:${bindingId}`;
  if (!(await takeLease(platform.db, found.teamId, holder, LEASE_SECONDS))) {
    // Another sync writes this team's store now: one writer per team. Try again shortly.
    await sendJob(platform, bindingId, 10);
    return;
  }
  try {
    const binding = await updateBindingIf(platform.db, found.id, ['queued', 'waiting', 'running'], {
      syncStatus: 'running',
      syncStartedAt: found.syncStartedAt ?? new Date(),
      syncNextAttemptAt: null,
    });
    if (!binding) return;
    await runWindows(platform, offer.client, binding, holder);
  } catch (error) {
    await stopped(platform, bindingId, error);
  } finally {
    await releaseLease(platform.db, found.teamId, holder);
  }
}

async function runWindows(platform: Platform, client: GoogleClient, binding: BindingRow, holder: string) {
  const service = binding.service as GoogleService;
  const plan =
    binding.syncRangeStart && binding.syncRangeEnd
      ? { start: binding.syncRangeStart, end: binding.syncRangeEnd }
      : backfillPlan();
  const windows = windowsOf(plan.start, plan.end);
  const property = binding.selectedId ?? '';
  const store = platform.analytics;

  let index = 0;
  let offset = 0;
  const cursor = await readCursor(store, binding.teamId, binding.id);
  const at = cursor
    ? windows.findIndex((w) => w.start === cursor.window.start && w.end === cursor.window.end)
    : -1;
  if (
    cursor &&
    cursor.property === property &&
    cursor.planStart === plan.start &&
    cursor.planEnd === plan.end &&
    at >= 0
  ) {
    index = at;
    offset = cursor.nextOffset;
  } else if (cursor) {
    await resetCursor(store, binding.teamId, binding.id);
  }

  const ctx: RunContext = {
    platform,
    client,
    binding,
    service,
    property,
    currency: service === 'gsc' ? '' : 'USD',
    timeZone: 'UTC',
    pageSize: platform.config.GOOGLE_SYNC_PAGE_SIZE,
  };
  if (service === 'gads') {
    const info = await adsCustomerInfo(
      platform,
      client,
      binding,
      (binding.selected as GadsSelected).customer_hierarchy,
    );
    ctx.currency = info.currency ?? ctx.currency;
    ctx.timeZone = info.timeZone ?? ctx.timeZone;
  }

  const deadline = Date.now() + RUN_BUDGET_MS;
  let rows = binding.syncRows;
  // Pages read but not yet written; written together (one open of the store), and always before
  // a stop, so every page Google answered is kept and never asked for again.
  const buffer: PageWrite[] = [];
  let buffered = 0;
  let flushedAt = Date.now();
  const flush = async () => {
    if (buffer.length === 0) return;
    const pages = buffer.splice(0);
    buffered = 0;
    flushedAt = Date.now();
    const committed = await writePages(store, binding.teamId, pages);
    await updateBinding(platform.db, binding.id, {
      syncWindowsDone: index,
      syncWindowsTotal: windows.length,
      syncRows: rows,
      ...(committed
        ? {
            syncAttempts: 0,
            heldStart: committed.heldStart,
            heldEnd: committed.heldEnd,
            completeThrough: committed.completeThrough,
            lastSyncAt: new Date(),
          }
        : {}),
    });
    await takeLease(platform.db, binding.teamId, holder, LEASE_SECONDS);
  };

  try {
    while (index < windows.length) {
      const window = windows[index] as Window;
      const page = await readPage(ctx, window, offset);
      if (ctx.service === 'ga') {
        ctx.currency = page.currency ?? ctx.currency;
        ctx.timeZone = page.timeZone ?? ctx.timeZone;
      }
      // Revoked or pointed elsewhere while this page was read: nothing more of it goes in.
      const current = await findBinding(platform.db, binding.id);
      if (current?.status !== 'active' || current.selectedId !== property) return;
      buffer.push({
        bindingId: binding.id,
        service,
        property,
        propertyName: binding.selectedName ?? property,
        currency: ctx.currency,
        timeZone: ctx.timeZone,
        planStart: plan.start,
        planEnd: plan.end,
        window,
        offset,
        rows: page.rows,
        next: page.next,
        following: page.next === null ? (windows[index + 1] ?? null) : null,
      });
      buffered += page.rows.length;
      rows += page.rows.length;
      if (page.next !== null) offset = page.next;
      else {
        index += 1;
        offset = 0;
      }
      const late = Date.now() > deadline;
      // Progress shows every few seconds; empty windows of a long backfill go in together.
      const due = buffered >= FLUSH_ROWS || Date.now() - flushedAt > FLUSH_EVERY_MS;
      if (due || late || index >= windows.length) await flush();
      if (late && index < windows.length) {
        // Its time is up: the next job goes on from the cursor.
        await updateBinding(platform.db, binding.id, { syncStatus: 'queued' });
        await sendJob(platform, binding.id);
        return;
      }
    }
  } catch (error) {
    // What Google already answered is kept, so the resume starts at the page that failed.
    await flush();
    throw error;
  }
  if (service === 'ga') {
    const held = await findBinding(platform.db, binding.id);
    if (held?.heldStart) {
      const touched = binding.syncPhase === 'incremental' ? plan.start : null;
      await syncRangeTotals(
        platform,
        client,
        binding,
        property,
        totalRanges(plan.end, held.heldStart, touched),
      );
    }
  }
  const now = new Date();
  await updateBinding(platform.db, binding.id, {
    syncStatus: 'succeeded',
    syncWindowsDone: windows.length,
    syncFinishedAt: now,
    lastSyncAt: now,
    syncAttempts: 0,
    lastError: null,
    lastErrorAt: null,
    ...(binding.syncPhase === 'backfill' || !binding.backfilledAt ? { backfilledAt: now } : {}),
  });
}

/** How a run that stopped reacts: wait and resume, or fail and say why. */
async function stopped(platform: Platform, bindingId: string, error: unknown): Promise<void> {
  // The binding already says 'needs reconnect', and its owner has been told.
  if (error instanceof NeedsReconnectError) return;
  const binding = await findBinding(platform.db, bindingId);
  if (!binding) return;
  const now = new Date();
  const message =
    error instanceof GoogleApiError
      ? error.message
      : `The sync stopped: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500);
  const passing =
    !(error instanceof GoogleApiError) || error.kind === 'quota' || error.kind === 'unavailable';
  const attempts = binding.syncAttempts + 1;
  if (!passing || attempts > MAX_ATTEMPTS) {
    await updateBinding(platform.db, bindingId, {
      syncStatus: 'failed',
      syncAttempts: attempts,
      syncNextAttemptAt: null,
      syncFinishedAt: now,
      lastError: message,
      lastErrorAt: now,
    });
    return;
  }
  const base = platform.config.GOOGLE_SYNC_BACKOFF_SECONDS * 2 ** (attempts - 1);
  const asked = error instanceof GoogleApiError ? (error.retryAfterSeconds ?? 0) : 0;
  const wait = Math.min(MAX_WAIT_SECONDS, Math.max(base, asked));
  await updateBinding(platform.db, bindingId, {
    syncStatus: 'waiting',
    syncAttempts: attempts,
    syncNextAttemptAt: new Date(now.getTime() + wait * 1000),
    lastError: message,
    lastErrorAt: now,
  });
  await sendJob(platform, bindingId, wait);
}

/** The daily increments: every active, chosen, backfilled binding not syncing now. */
export async function queueDailySyncs(platform: Platform): Promise<number> {
  const due = await bindingsDueDaily(platform.db);
  for (const binding of due) await queueSync(platform, binding, incrementalPlan(binding));
  return due.length;
}

/** Runs whose job was lost (a crash, a restart without the queue) are sent again. */
export async function sweepOverdue(platform: Platform): Promise<number> {
  const overdue = await bindingsOverdue(platform.db, new Date());
  for (const binding of overdue) await sendJob(platform, binding.id);
  return overdue.length;
}

export function defineSyncJobs(platform: Platform): void {
  platform.jobs.define<{ bindingId: string }>({
    name: SYNC_JOB,
    // runSync keeps its failures on the binding; a retry here is for a crash in between.
    retryLimit: 2,
    retryDelaySeconds: 30,
    run: ({ data }) => runSync(platform, data.bindingId),
  });
  platform.jobs.define({
    name: DAILY_JOB,
    // 02:20 UTC: after Google's day has closed in Europe and Asia; the relook catches the Americas.
    cron: '20 2 * * *',
    run: async () => {
      await queueDailySyncs(platform);
    },
  });
  platform.jobs.define({
    name: SWEEP_JOB,
    cron: '*/10 * * * *',
    run: async () => {
      await sweepOverdue(platform);
    },
  });
  platform.jobs.define({
    name: PURGE_JOB,
    cron: '40 3 * * *',
    run: async () => {
      await purgeExternalCalls(platform.db, new Date(Date.now() - 30 * 86_400_000));
    },
  });
}
