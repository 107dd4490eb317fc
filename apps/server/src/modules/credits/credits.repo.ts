import { creditLedgerListFields } from '@app/contract/billing/credits';
import type { ListQuery } from '@app/contract/list';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { creditLedger, creditReservations, teamCredits, users } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';
import { type KeyedText, keyOf, sayKeyed } from '../../platform/keyed-text';
import { bindList, listOrder, listPage, listWhere } from '../../platform/list-query';

/** The note as written, for the record (and the search): the msgid's English. */
const english = (msgid: string) => msgid;

/**
 * The credit balance and its ledger. The hot path (reserve, settle, release) is one statement
 * each, for a whole batch of one team's calls: the balance row is locked only while that
 * statement runs and commits. Everything else (grants, purchases, refunds, expiry,
 * adjustments) locks the row in a transaction with `lockBalance` and writes the new figures
 * with the ledger entry that explains them.
 */

type Queryable = Db | Tx;

/** Rows of a raw statement, whichever driver ran it (both answer `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** bigint columns arrive as text from node-postgres and as numbers from PGlite. */
const num = (value: unknown): number => Number(value ?? 0);

export interface BalanceRow {
  teamId: string;
  balance: number;
  held: number;
  granted: number;
  grantedRemaining: number;
  periodStart: Date | null;
  periodEnd: Date | null;
  updatedAt: Date;
}

export async function findBalance(db: Queryable, teamId: string): Promise<BalanceRow | null> {
  const [row] = await db.select().from(teamCredits).where(eq(teamCredits.teamId, teamId));
  return row ?? null;
}

/** The balance row under a row lock, for a change made in the same transaction. */
export async function lockBalance(tx: Tx, teamId: string): Promise<BalanceRow | null> {
  const [row] = await tx.select().from(teamCredits).where(eq(teamCredits.teamId, teamId)).for('update');
  return row ?? null;
}

/** Makes the team's balance row (empty); false when it already existed. */
export async function insertBalance(tx: Tx, teamId: string): Promise<boolean> {
  const made = await tx
    .insert(teamCredits)
    .values({ teamId })
    .onConflictDoNothing()
    .returning({ teamId: teamCredits.teamId });
  return made.length > 0;
}

export async function writeBalance(
  tx: Tx,
  teamId: string,
  next: Pick<BalanceRow, 'balance' | 'grantedRemaining'> &
    Partial<Pick<BalanceRow, 'granted' | 'periodStart' | 'periodEnd'>>,
): Promise<void> {
  await tx
    .update(teamCredits)
    .set({ ...next, updatedAt: new Date() })
    .where(eq(teamCredits.teamId, teamId));
}

export type LedgerKind = 'grant' | 'purchase' | 'usage' | 'refund' | 'expire' | 'adjust';

export interface LedgerEntry {
  teamId: string;
  kind: LedgerKind;
  amount: number;
  balanceAfter: number;
  referenceType?: string | null;
  referenceId?: string | null;
  /** A keyed text (what the server writes) is kept as msgid and parameters beside its English. */
  note?: KeyedText | null;
  userId?: string | null;
}

export async function appendLedger(tx: Tx, { note, ...entry }: LedgerEntry) {
  const { key, params } = note == null ? { key: null, params: null } : keyOf(note);
  const [row] = await tx
    .insert(creditLedger)
    .values({
      ...entry,
      note: note == null ? null : sayKeyed(english, note),
      noteKey: key,
      noteParams: params,
    })
    .returning();
  if (!row) throw new Error('ledger entry was not written');
  return row;
}

/**
 * Adds `entry.amount` to the team's balance under its row lock and writes the ledger entry that
 * explains it, `balance_after` the balance so made, in one statement (what is granted stays as it
 * is). False when the team has no balance row yet (nothing written).
 */
export async function appendToBalance(
  tx: Tx,
  { note, ...entry }: Omit<LedgerEntry, 'balanceAfter'>,
): Promise<boolean> {
  const { key, params } = note == null ? { key: null, params: null } : keyOf(note);
  const result = await tx.execute(sql`
    with moved as (
      update ${teamCredits}
      set balance = balance + ${entry.amount}::bigint, updated_at = ${new Date().toISOString()}::timestamptz
      where team_id = ${entry.teamId}
      returning balance
    )
    insert into ${creditLedger}
      (team_id, kind, amount, balance_after, reference_type, reference_id, note, note_key, note_params, user_id)
    select ${entry.teamId}::text, ${entry.kind}::text, ${entry.amount}::bigint, moved.balance,
      ${entry.referenceType ?? null}::text, ${entry.referenceId ?? null}::text,
      ${note == null ? null : sayKeyed(english, note)}::text, ${key}::text,
      ${params == null ? null : JSON.stringify(params)}::jsonb, ${entry.userId ?? null}::text
    from moved
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/**
 * The team's newest `grant` entry: while any of a grant is left (`granted_remaining` > 0) it is the
 * grant of the period now, since only `grantPeriod` writes one and it sets what is left to it.
 */
export async function latestGrant(tx: Tx, teamId: string) {
  const [row] = await tx
    .select({
      referenceType: creditLedger.referenceType,
      referenceId: creditLedger.referenceId,
      note: creditLedger.note,
      noteKey: creditLedger.noteKey,
      noteParams: creditLedger.noteParams,
    })
    .from(creditLedger)
    .where(and(eq(creditLedger.teamId, teamId), eq(creditLedger.kind, 'grant')))
    .orderBy(desc(creditLedger.id))
    .limit(1);
  return row ?? null;
}

// ---- The hot path -------------------------------------------------------------------------------

export interface ReserveInput {
  id: string;
  userId: string | null;
  functionKey: string;
  model: string | null;
  amount: number;
  leaseSeconds: number;
  /** The caller's key for the work (a message id): a hold already made under it is not made again. */
  key: string | null;
}

export interface ReserveOutcome {
  id: string;
  /** The team's plan allows the function. */
  allowed: boolean;
  admitted: boolean;
  /** The balance not held, after this statement's holds; null when the team has no balance row. */
  freeAfter: number | null;
}

/**
 * Holds credits for several calls of one team in one statement: the balance row is locked once,
 * then the calls are taken in the order given and each is judged on its own: admitted when its
 * plan allows its function and its estimate fits what the calls admitted before it left free (an
 * oversized estimate is refused without refusing the calls after it). A call whose key already
 * holds (or held and settled) credits is not admitted again; the unique key index keeps that true
 * across processes, and the balance only ever counts the holds actually written. One statement
 * for a whole batch is what lets one team take hundreds of calls a second on a disk where each
 * commit costs milliseconds.
 */
export async function reserveHolds(
  db: Queryable,
  teamId: string,
  items: ReserveInput[],
): Promise<ReserveOutcome[]> {
  const requests = items.map((item, ord) => ({
    id: item.id,
    ord,
    user_id: item.userId,
    function_key: item.functionKey,
    area: item.functionKey.split('.')[0] ?? item.functionKey,
    model: item.model,
    amount: item.amount,
    lease: item.leaseSeconds,
    key: item.key,
  }));
  const result = await db.execute(sql`
    WITH RECURSIVE req AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(requests)}::jsonb)
        AS r(id text, ord int, user_id text, function_key text, area text, model text, amount bigint,
             lease double precision, key text)
    ), allowed AS (
      SELECT req.* FROM req WHERE EXISTS (
        SELECT 1 FROM subscriptions s
        JOIN plan_functions pf ON pf.plan_id = s.plan_id
        WHERE s.team_id = ${teamId} AND s.status = 'active' AND pf.function_key IN (req.function_key, req.area)
      ) AND NOT EXISTS (
        SELECT 1 FROM credit_reservations cr
        WHERE cr.team_id = ${teamId} AND cr.key = req.key AND cr.status <> 'released'
      ) AND NOT EXISTS (
        SELECT 1 FROM req earlier WHERE earlier.key = req.key AND earlier.ord < req.ord
      )
    ), numbered AS (
      SELECT allowed.*, row_number() OVER (ORDER BY ord) AS n FROM allowed
    ), bal AS (
      SELECT held, balance - held AS free FROM team_credits WHERE team_id = ${teamId} FOR UPDATE
    ), walk AS (
      SELECT 0::bigint AS n, 0::bigint AS used, NULL::text AS id, false AS fits
      UNION ALL
      SELECT c.n, CASE WHEN w.used + c.amount <= bal.free THEN w.used + c.amount ELSE w.used END,
             c.id, w.used + c.amount <= bal.free
      FROM walk w JOIN numbered c ON c.n = w.n + 1 CROSS JOIN bal
    ), ok AS (
      SELECT numbered.* FROM numbered JOIN walk ON walk.id = numbered.id AND walk.fits
    ), ins AS (
      INSERT INTO credit_reservations (id, team_id, user_id, function_key, model, amount, status, lease_expires_at, key)
      SELECT id, ${teamId}, user_id, function_key, model, amount, 'held', now() + make_interval(secs => lease), key
      FROM ok ORDER BY ord
      ON CONFLICT (team_id, key) WHERE key IS NOT NULL AND status <> 'released' DO NOTHING
      RETURNING id, amount
    ), upd AS (
      -- From the row as locked (bal), not as this statement's snapshot saw it: on PostgreSQL a
      -- row another statement changed since the snapshot is first computed from the old
      -- version and checked (CHECK held <= balance) before the update moves to the new one.
      UPDATE team_credits t SET held = bal.held + s.total, updated_at = now()
      FROM (SELECT sum(amount) AS total FROM ins HAVING count(*) > 0) s, bal
      WHERE t.team_id = ${teamId}
      RETURNING t.team_id
    )
    SELECT req.id,
           EXISTS (SELECT 1 FROM subscriptions s
                   JOIN plan_functions pf ON pf.plan_id = s.plan_id
                   WHERE s.team_id = ${teamId} AND s.status = 'active'
                     AND pf.function_key IN (req.function_key, req.area)) AS allowed,
           EXISTS (SELECT 1 FROM ins WHERE ins.id = req.id) AS admitted,
           (SELECT free FROM bal) - (SELECT coalesce(sum(amount), 0) FROM ins) AS free_after
    FROM req ORDER BY req.ord`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    id: String(row.id),
    allowed: row.allowed === true,
    admitted: row.admitted === true,
    freeAfter: row.free_after === null || row.free_after === undefined ? null : num(row.free_after),
  }));
}

/** The hold made under `key` for the team (held or settled; a released one frees its key). */
export async function findReservationByKey(db: Queryable, teamId: string, key: string) {
  const [row] = await db
    .select()
    .from(creditReservations)
    .where(
      and(
        eq(creditReservations.teamId, teamId),
        eq(creditReservations.key, key),
        sql`${creditReservations.status} <> 'released'`,
      ),
    );
  return row ?? null;
}

/**
 * Why a hold was refused, in one query: whether the team has a balance row, its figures, and
 * whether its current plan allows the function (or its area: `chat` allows `chat.summary`).
 */
export async function refusalFacts(db: Queryable, teamId: string, functionKey: string) {
  const area = functionKey.split('.')[0] ?? functionKey;
  const result = await db.execute(sql`
    SELECT c.balance, c.held, EXISTS (
      SELECT 1 FROM subscriptions s
      JOIN plan_functions pf ON pf.plan_id = s.plan_id
      WHERE s.team_id = ${teamId} AND s.status = 'active'
        AND pf.function_key IN (${functionKey}::text, ${area}::text)
    ) AS allowed
    FROM (SELECT 1) AS one
    LEFT JOIN team_credits c ON c.team_id = ${teamId}`);
  const [row] = rowsOf<Record<string, unknown>>(result);
  return {
    exists: row?.balance !== null && row?.balance !== undefined,
    available: num(row?.balance) - num(row?.held),
    allowed: row?.allowed === true,
  };
}

export interface SettleInput {
  id: string;
  actual: number;
  model: string | null;
  inputTokens: number;
  outputTokens: number;
  latencyMs: number;
}

export interface Settled {
  id: string;
  charged: number;
  uncharged: number;
  balance: number;
  held: number;
}

/**
 * Settles several held reservations of one team at their real cost, in one statement, in the
 * order given: each is charged up to its own hold; a cost above the hold takes from the balance
 * not held by other work, while it lasts (the rest is written off as `uncharged`: the balance
 * never goes negative). This period's grant is consumed first. Each charge gets a `usage` ledger
 * entry with the balance after it, and each call a usage log row. Reservations no longer held
 * (settled or released before, or another team's) are left out of the answer.
 */
export async function settleHolds(db: Queryable, teamId: string, items: SettleInput[]): Promise<Settled[]> {
  const requests = items.map((item, ord) => ({
    id: item.id,
    ord,
    actual: item.actual,
    model: item.model,
    input_tokens: item.inputTokens,
    output_tokens: item.outputTokens,
    latency_ms: item.latencyMs,
  }));
  const result = await db.execute(sql`
    WITH req AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(requests)}::jsonb)
        AS r(id text, ord int, actual bigint, model text, input_tokens int, output_tokens int, latency_ms int)
    ), r AS (
      UPDATE credit_reservations cr SET status = 'settled', finished_at = now()
      FROM req
      WHERE cr.id = req.id AND cr.team_id = ${teamId} AND cr.status = 'held'
      RETURNING cr.id, cr.user_id, cr.function_key, coalesce(req.model, cr.model, '') AS model, cr.amount,
                req.ord, req.actual, req.input_tokens, req.output_tokens, req.latency_ms
    ), bal AS (
      SELECT balance, held, granted_remaining FROM team_credits WHERE team_id = ${teamId} FOR UPDATE
    ), y AS (
      SELECT r.*, LEAST(r.actual, r.amount) AS base, GREATEST(r.actual - r.amount, 0) AS extra,
             coalesce(sum(GREATEST(r.actual - r.amount, 0))
               OVER (ORDER BY r.ord ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS extra_before
      FROM r
    ), z AS (
      SELECT y.*, y.base + LEAST(y.extra, GREATEST(bal.balance - bal.held - y.extra_before, 0)) AS charged
      FROM y, bal
    ), w AS (
      SELECT z.*, sum(z.charged) OVER (ORDER BY z.ord) AS charged_cum FROM z
    ), u AS (
      -- From the row as locked (bal): see reserveHolds.
      UPDATE team_credits t
      SET held = bal.held - s.held_total,
          balance = bal.balance - s.charged_total,
          granted_remaining = GREATEST(bal.granted_remaining - s.charged_total, 0),
          updated_at = now()
      FROM (SELECT sum(amount) AS held_total, sum(charged) AS charged_total FROM z HAVING count(*) > 0) s, bal
      WHERE t.team_id = ${teamId}
      RETURNING t.balance, t.held
    ), l AS (
      INSERT INTO credit_ledger (team_id, kind, amount, balance_after, reference_type, reference_id, note, user_id)
      SELECT ${teamId}, 'usage', -w.charged, bal.balance - w.charged_cum, 'reservation', w.id, w.function_key, w.user_id
      FROM w, bal WHERE w.charged > 0 ORDER BY w.ord
      RETURNING id
    ), g AS (
      INSERT INTO usage_logs (team_id, user_id, reservation_id, function_key, model, input_tokens, output_tokens,
                              credits, uncharged, latency_ms, status)
      SELECT ${teamId}, user_id, id, function_key, model, input_tokens, output_tokens, charged, actual - charged,
             latency_ms, 'settled'
      FROM z ORDER BY ord
      RETURNING id
    )
    SELECT z.id, z.charged, z.actual - z.charged AS uncharged, u.balance, u.held FROM z, u ORDER BY z.ord`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    id: String(row.id),
    charged: num(row.charged),
    uncharged: num(row.uncharged),
    balance: num(row.balance),
    held: num(row.held),
  }));
}

/**
 * Drops held reservations (each, or all whose lease ran out) and their holds, with a `released`
 * usage log row each. Answers the reservations released.
 */
export async function releaseHolds(
  db: Queryable,
  which: { id: string; teamId?: string; latencyMs: number } | { expiredBefore: Date; limit: number },
): Promise<{ id: string; teamId: string; amount: number }[]> {
  const pick: SQL =
    'id' in which
      ? sql`id = ${which.id} AND status = 'held'${which.teamId ? sql` AND team_id = ${which.teamId}` : sql``}`
      : sql`id IN (SELECT id FROM credit_reservations
                   WHERE status = 'held' AND lease_expires_at <= ${which.expiredBefore.toISOString()}::timestamptz
                   ORDER BY lease_expires_at LIMIT ${which.limit}::int FOR UPDATE SKIP LOCKED)`;
  const latency = 'id' in which ? which.latencyMs : 0;
  const result = await db.execute(sql`
    WITH r AS (
      UPDATE credit_reservations SET status = 'released', finished_at = now()
      WHERE ${pick}
      RETURNING id, team_id, user_id, function_key, model, amount
    ), s AS (
      SELECT team_id, sum(amount) AS amount FROM r GROUP BY team_id
    ), u AS (
      UPDATE team_credits t SET held = t.held - s.amount, updated_at = now()
      FROM s WHERE t.team_id = s.team_id
      RETURNING t.team_id
    ), g AS (
      INSERT INTO usage_logs (team_id, user_id, reservation_id, function_key, model, latency_ms, status)
      SELECT team_id, user_id, id, function_key, COALESCE(model, ''), ${latency}::int, 'released' FROM r
      RETURNING id
    )
    SELECT r.id, r.team_id, r.amount FROM r`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    id: String(row.id),
    teamId: String(row.team_id),
    amount: num(row.amount),
  }));
}

/** Moves a held reservation's lease to `seconds` from now; false when it is no longer held. */
export async function renewLease(db: Queryable, id: string, seconds: number): Promise<boolean> {
  const rows = await db
    .update(creditReservations)
    .set({ leaseExpiresAt: new Date(Date.now() + seconds * 1000) })
    .where(and(eq(creditReservations.id, id), eq(creditReservations.status, 'held')))
    .returning({ id: creditReservations.id });
  return rows.length > 0;
}

export async function findReservation(db: Queryable, id: string) {
  const [row] = await db.select().from(creditReservations).where(eq(creditReservations.id, id));
  return row ?? null;
}

// ---- The ledger as lists ------------------------------------------------------------------------

const ledgerList = bindList(creditLedgerListFields, {
  kind: creditLedger.kind,
  amount: creditLedger.amount,
  creation_time: creditLedger.createdAt,
});

function ledgerRows(db: Queryable) {
  return db
    .select({
      id: creditLedger.id,
      kind: creditLedger.kind,
      amount: creditLedger.amount,
      balanceAfter: creditLedger.balanceAfter,
      referenceType: creditLedger.referenceType,
      referenceId: creditLedger.referenceId,
      note: creditLedger.note,
      noteKey: creditLedger.noteKey,
      noteParams: creditLedger.noteParams,
      userId: creditLedger.userId,
      username: users.name,
      createdAt: creditLedger.createdAt,
    })
    .from(creditLedger)
    .leftJoin(users, eq(users.id, creditLedger.userId))
    .$dynamic();
}

export type LedgerRecord = Awaited<ReturnType<ReturnType<typeof ledgerRows>['execute']>>[number];

export function listLedgerRows(db: Db, teamId: string, query: ListQuery) {
  const where = and(eq(creditLedger.teamId, teamId), listWhere(query, ledgerList));
  return listPage(
    db,
    query,
    () => ledgerRows(db).where(where),
    listOrder(query, ledgerList, [desc(creditLedger.id)]),
    () => db.select({ id: creditLedger.id }).from(creditLedger).where(where).$dynamic(),
  );
}

/** The entries about one thing (an order's grant, purchase and refund). */
export function ledgerRowsFor(db: Db, referenceType: string, referenceId: string) {
  return ledgerRows(db)
    .where(and(eq(creditLedger.referenceType, referenceType), eq(creditLedger.referenceId, referenceId)))
    .orderBy(creditLedger.id);
}

/** The sum of a team's ledger: what its balance must equal (the test of "the ledger explains it"). */
export async function ledgerSum(db: Queryable, teamId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${creditLedger.amount}), 0)` })
    .from(creditLedger)
    .where(eq(creditLedger.teamId, teamId));
  return num(row?.total);
}

/**
 * The function keys the team's active plan lists (an area, `chat`, allows its functions,
 * `chat.summary`): what the hold's plan check reads, for pages that say beforehand what is allowed.
 * A team never billed has no subscription yet: its first hold opens it on the default plan, so
 * the default plan's keys are what it will be allowed.
 */
export async function planFunctionKeys(db: Queryable, teamId: string): Promise<Set<string>> {
  const result = await db.execute(sql`
    WITH active AS (
      SELECT s.plan_id FROM subscriptions s WHERE s.team_id = ${teamId} AND s.status = 'active'
    ), held AS (
      SELECT plan_id FROM active
      UNION ALL
      SELECT p.id FROM plans p WHERE p.is_default AND NOT EXISTS (SELECT 1 FROM active)
    )
    SELECT DISTINCT pf.function_key FROM held JOIN plan_functions pf ON pf.plan_id = held.plan_id`);
  return new Set(rowsOf<{ function_key: string }>(result).map((row) => row.function_key));
}
