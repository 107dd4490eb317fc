import { randomUUID } from 'node:crypto';
import type { CreditBalance } from '@app/contract/billing/credits';
import { AppError } from '../../platform/app-error';
import type { SignedInContext } from '../../platform/endpoint';
import { toSecondsOrNull } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import {
  type BalanceRow,
  findBalance,
  findReservation,
  findReservationByKey,
  type ReserveInput,
  type ReserveOutcome,
  refusalFacts,
  releaseHolds,
  renewLease,
  reserveHolds,
  type Settled,
  type SettleInput,
  settleHolds,
} from './credits.repo';
import { openTeamAccount } from './team-accounts';
import { TeamBatcher } from './team-batcher';
import { findUsageOfReservation } from './usage.repo';

// What other modules may use of this module's queries (they never import its repositories).
export { findBalance, insertBalance, ledgerRowsFor, planFunctionKeys } from './credits.repo';

/**
 * The credit service every AI call uses (chat, analysis, AI tables, the toolkit):
 *
 *   const held = await reserveCredits(platform, callerOf(ctx), { functionKey: 'chat', estimate: 20 });
 *   try {
 *     const answer = await model.run(...);
 *     await settleCredits(platform, held, { credits: cost, model, inputTokens, outputTokens });
 *   } catch (error) {
 *     await releaseCredits(platform, held);
 *     throw error;
 *   }
 *
 * or `withCredits(platform, caller, request, work)`, which does exactly that. A reservation is a
 * lease: if the process dies before settling, the `credits.release-expired` job gives the held
 * credits back when the lease runs out (`leaseSeconds`, 10 minutes by default; long work calls
 * `extendReservation`).
 */

/** Who is charged: the team pays, the user is who used it (usage by member). */
export interface CreditCaller {
  teamId: string;
  userId: string | null;
}

export const callerOf = (ctx: SignedInContext): CreditCaller => ({
  teamId: ctx.team.id,
  userId: ctx.user.id,
});

export interface ReserveRequest {
  /** The AI function (`chat`, `analysis`, `ai_table`, or `area.name`); the plan must allow it. */
  functionKey: string;
  /** Credits the call is expected to cost at most (a whole number >= 1). */
  estimate: number;
  model?: string | null;
  leaseSeconds?: number;
  /**
   * The caller's key for the work (a message id, a cell id), at most 200 characters: a retried
   * call with the same key gets the hold made the first time (`reused`), never a second one.
   */
  key?: string | null;
}

export interface Reservation {
  id: string;
  teamId: string;
  userId: string | null;
  functionKey: string;
  model: string | null;
  amount: number;
  /** When it was made (ms), for the latency of the usage log. */
  startedAt: number;
  key: string | null;
  /**
   * Made by an earlier call with the same key: `held` (still running, or its caller died and the
   * lease will free it) or `settled` (done; settling again changes nothing).
   */
  reused: 'held' | 'settled' | null;
}

export interface ActualUsage {
  /** What the call really cost, in credits (rounded up to a whole credit). */
  credits: number;
  model?: string | null;
  inputTokens?: number;
  outputTokens?: number;
  /** Defaults to the time since the reservation. */
  latencyMs?: number;
}

export interface Settlement {
  charged: number;
  /** What the balance could not cover beyond the estimate: written off, never negative. */
  uncharged: number;
  balance: number;
  held: number;
  /** True when this reservation had been settled before (a retried settle changes nothing). */
  repeated: boolean;
}

interface Desk {
  reserve: TeamBatcher<ReserveInput, ReserveOutcome>;
  settle: TeamBatcher<SettleInput, Settled | null>;
}

const desks = new WeakMap<Platform, Desk>();

/** This process's batchers: each team's concurrent calls share one statement (group commit). */
function desk(platform: Platform): Desk {
  let found = desks.get(platform);
  if (!found) {
    found = {
      reserve: new TeamBatcher((teamId, inputs) => reserveHolds(platform.db, teamId, inputs)),
      settle: new TeamBatcher(async (teamId, inputs) => {
        const settled = new Map((await settleHolds(platform.db, teamId, inputs)).map((row) => [row.id, row]));
        // Two settles of one reservation in one batch: the first charged it, the second repeats.
        const answered = new Set<string>();
        return inputs.map((input) => {
          if (answered.has(input.id)) return null;
          answered.add(input.id);
          return settled.get(input.id) ?? null;
        });
      }),
    };
    desks.set(platform, found);
  }
  return found;
}

export const DEFAULT_LEASE_SECONDS = 600;
/**
 * The lease of work that says it is alive as it goes (a streamed reply, `keepReservationAlive`):
 * short, so credits a crashed process held come back within about two minutes (this lease, then
 * the release job's next minute), not after the default ten.
 */
export const LIVE_LEASE_SECONDS = 60;
const MAX_LEASE_SECONDS = 24 * 3600;
const MAX_KEY_LENGTH = 200;

/** Msgid of the refusal a plan without the function gets (translated by the error handler). */
export const NOT_IN_PLAN = 'Your plan does not include this function. Upgrade your plan to use it.';

function wholeCredits(value: number, name: string, min: number): number {
  if (!Number.isFinite(value) || value < min) throw new Error(`${name} must be a number >= ${min}`);
  return Math.ceil(value);
}

/**
 * Holds the estimate before the work starts. Refused with FORBIDDEN when the team's plan does not
 * allow the function, and with INSUFFICIENT_CREDITS (`msg_limit: { required, balance }`, balance
 * being what is not already held by other work in flight) when it cannot be covered.
 */
export async function reserveCredits(
  platform: Platform,
  caller: CreditCaller,
  request: ReserveRequest,
): Promise<Reservation> {
  const amount = wholeCredits(request.estimate, 'estimate', 1);
  const key = request.key ?? null;
  if (key !== null && (key.length === 0 || key.length > MAX_KEY_LENGTH)) {
    throw new Error(`key must be 1 to ${MAX_KEY_LENGTH} characters`);
  }
  const leaseSeconds = Math.min(
    Math.max(request.leaseSeconds ?? DEFAULT_LEASE_SECONDS, 1),
    MAX_LEASE_SECONDS,
  );
  const reservation: Reservation = {
    id: randomUUID(),
    teamId: caller.teamId,
    userId: caller.userId,
    functionKey: request.functionKey,
    model: request.model ?? null,
    amount,
    startedAt: Date.now(),
    key,
    reused: null,
  };
  const hold = () =>
    desk(platform).reserve.submit(caller.teamId, {
      id: reservation.id,
      userId: reservation.userId,
      functionKey: reservation.functionKey,
      model: reservation.model,
      amount,
      leaseSeconds,
      key,
    });
  // A key that already holds: the first call's hold, whatever this one would have been judged.
  const earlier = async () => {
    if (key === null) return null;
    const row = await findReservationByKey(platform.db, caller.teamId, key);
    if (!row || (row.status !== 'held' && row.status !== 'settled')) return null;
    return {
      id: row.id,
      teamId: row.teamId,
      userId: row.userId,
      functionKey: row.functionKey,
      model: row.model,
      amount: row.amount,
      startedAt: row.createdAt.getTime(),
      key,
      reused: row.status,
    } satisfies Reservation;
  };
  const first = await hold();
  if (first.admitted) return reservation;
  const found = await earlier();
  if (found) return found;
  if (first.freeAfter !== null) {
    if (!first.allowed) throw new AppError('FORBIDDEN', { msg: NOT_IN_PLAN });
    throw new AppError('INSUFFICIENT_CREDITS', { msg_limit: { required: amount, balance: first.freeAfter } });
  }

  // No balance row: a team never billed before gets its account (free plan) first.
  await openTeamAccount(platform, caller.teamId);
  if ((await hold()).admitted) return reservation;
  const foundLater = await earlier();
  if (foundLater) return foundLater;
  const facts = await refusalFacts(platform.db, caller.teamId, request.functionKey);
  if (!facts.allowed) throw new AppError('FORBIDDEN', { msg: NOT_IN_PLAN });
  throw new AppError('INSUFFICIENT_CREDITS', { msg_limit: { required: amount, balance: facts.available } });
}

/** Charges the real cost (at most what is free, never below zero) and logs the usage. */
export async function settleCredits(
  platform: Platform,
  reservation: Reservation,
  usage: ActualUsage,
): Promise<Settlement> {
  const actual = wholeCredits(usage.credits, 'credits', 0);
  const settled = await desk(platform).settle.submit(reservation.teamId, {
    id: reservation.id,
    actual,
    model: usage.model ?? null,
    inputTokens: Math.max(0, Math.round(usage.inputTokens ?? 0)),
    outputTokens: Math.max(0, Math.round(usage.outputTokens ?? 0)),
    latencyMs: Math.max(0, Math.round(usage.latencyMs ?? Date.now() - reservation.startedAt)),
  });
  if (settled) {
    const { id: _id, ...figures } = settled;
    return { ...figures, repeated: false };
  }
  const found = await findReservation(platform.db, reservation.id);
  if (found?.status === 'settled' && found.teamId === reservation.teamId) {
    const [log, balance] = await Promise.all([
      findUsageOfReservation(platform.db, reservation.id),
      findBalance(platform.db, reservation.teamId),
    ]);
    return {
      charged: log?.credits ?? 0,
      uncharged: log?.uncharged ?? 0,
      balance: balance?.balance ?? 0,
      held: balance?.held ?? 0,
      repeated: true,
    };
  }
  throw new AppError('CONFLICT', { msg: 'This reservation was released before it was settled' });
}

/** Gives the held credits back (the work failed or was abandoned). False if it was not held. */
export async function releaseCredits(
  platform: Platform,
  reservation: Reservation,
  options: { latencyMs?: number } = {},
): Promise<boolean> {
  const released = await releaseHolds(platform.db, {
    id: reservation.id,
    teamId: reservation.teamId,
    latencyMs: Math.max(0, Math.round(options.latencyMs ?? Date.now() - reservation.startedAt)),
  });
  return released.length > 0;
}

/** Long work keeps its hold: the lease runs `seconds` from now. False if no longer held. */
export async function extendReservation(platform: Platform, reservation: Reservation, seconds: number) {
  return renewLease(platform.db, reservation.id, Math.min(Math.max(seconds, 1), MAX_LEASE_SECONDS));
}

/**
 * Keeps a hold made with `LIVE_LEASE_SECONDS` alive while its work runs (a streamed reply): the
 * lease is renewed every third of it. Call the answer when the work ends (before settling or
 * releasing). A process that dies stops renewing, and the release job frees the credits within
 * about two minutes.
 */
export function keepReservationAlive(
  platform: Platform,
  reservation: Reservation,
  leaseSeconds = LIVE_LEASE_SECONDS,
): () => void {
  const timer = setInterval(
    () => {
      void extendReservation(platform, reservation, leaseSeconds).catch(() => undefined);
    },
    Math.max(1000, (leaseSeconds * 1000) / 3),
  );
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Reserve, run, settle; release if the work throws. `work` answers its result and what it really
 * used; the settlement comes back with the result.
 */
export async function withCredits<T>(
  platform: Platform,
  caller: CreditCaller,
  request: ReserveRequest,
  work: (reservation: Reservation) => Promise<{ result: T; usage: ActualUsage }>,
): Promise<{ result: T; settlement: Settlement }> {
  const reservation = await reserveCredits(platform, caller, request);
  let done: { result: T; usage: ActualUsage };
  try {
    done = await work(reservation);
  } catch (error) {
    await releaseCredits(platform, reservation).catch(() => undefined);
    throw error;
  }
  return { result: done.result, settlement: await settleCredits(platform, reservation, done.usage) };
}

/** Releases every reservation whose lease ran out (a crashed process's). Answers how many. */
export async function releaseExpiredReservations(platform: Platform, now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = await releaseHolds(platform.db, { expiredBefore: now, limit: 500 });
    total += batch.length;
    if (batch.length < 500) return total;
  }
}

export function toCreditBalance(row: BalanceRow | null): CreditBalance {
  return {
    balance: row?.balance ?? 0,
    held: row?.held ?? 0,
    available: (row?.balance ?? 0) - (row?.held ?? 0),
    granted: row?.granted ?? 0,
    granted_remaining: row?.grantedRemaining ?? 0,
    period_start: toSecondsOrNull(row?.periodStart),
    period_end: toSecondsOrNull(row?.periodEnd),
  };
}

/** The team's balance, making its billing account on first use. */
export async function teamBalance(platform: Platform, teamId: string): Promise<CreditBalance> {
  let row = await findBalance(platform.db, teamId);
  if (!row) {
    await openTeamAccount(platform, teamId);
    row = await findBalance(platform.db, teamId);
  }
  return toCreditBalance(row);
}
