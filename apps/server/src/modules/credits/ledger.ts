import { AppError } from '../../platform/app-error';
import type { Tx } from '../../platform/db';
import type { KeyedText, TextParam } from '../../platform/keyed-text';
import {
  appendLedger,
  appendToBalance,
  type BalanceRow,
  insertBalance,
  latestGrant,
  lockBalance,
  writeBalance,
} from './credits.repo';

/**
 * Credit movements other than AI usage, each inside the caller's transaction: the balance row is
 * locked, the new figures computed here, and the ledger entry that explains them written with
 * them. Nothing here can take a balance below zero or below what in-flight work holds (the
 * table's CHECKs would refuse it anyway).
 */

export interface Reference {
  referenceType: string;
  referenceId: string | null;
  /** What the server writes is keyed (read in the reader's language); an operator's reason is a string. */
  note?: KeyedText | null;
  userId?: string | null;
}

/** A period's grant: the note names the plan whose period it is. */
export const GRANT_NOTE = 'Credits of {{plan}} for this period';
/** The end of a period's grant: the note names the plan whose grant it was, never the next one. */
export const EXPIRE_NOTE = 'Unused credits of {{plan}} expired';

/** The grant note of a plan (its name translated while it is the product's seeded one). */
export const grantNote = (planName: string): KeyedText => ({
  msgid: GRANT_NOTE,
  params: { plan: { seeded: planName } },
});

/** Credits bought (a credit pack): the note names the pack and the order that paid for it. */
export const purchaseNote = (planName: string, orderNum: string): KeyedText => ({
  msgid: 'Bought {{plan}}, order {{order}}',
  params: { plan: { seeded: planName }, order: orderNum },
});

/**
 * The note of the grant now ending, from the grant's own ledger entry: the plan its note names (a
 * row from before keyed notes holds the plan's name as its note). Null when there is none.
 */
async function expiryNote(tx: Tx, teamId: string): Promise<KeyedText | null> {
  const grant = await latestGrant(tx, teamId);
  const plan: TextParam | undefined =
    grant?.noteKey === GRANT_NOTE ? grant.noteParams?.plan : grant?.note ? { seeded: grant.note } : undefined;
  return plan === undefined ? null : { msgid: EXPIRE_NOTE, params: { plan } };
}

async function locked(tx: Tx, teamId: string): Promise<BalanceRow> {
  const row = await lockBalance(tx, teamId);
  if (row) return row;
  await insertBalance(tx, teamId);
  const made = await lockBalance(tx, teamId);
  if (!made) throw new Error(`no credit balance for team ${teamId}`);
  return made;
}

/** What is free to take: the balance not held by work in flight. */
const free = (row: BalanceRow) => row.balance - row.held;

/**
 * Ends the period's grant: what is left of it (as far as it is not held by work in flight)
 * expires with an `expire` entry. `ref` is what caused it (the order that replaced the plan, the
 * period that ended); the note names the plan whose grant ends, read from that grant's own
 * entry, never the plan that starts next (the Free grant's expiry on an upgrade to Pro names
 * Free). Answers the credits expired.
 */
export async function expireGranted(tx: Tx, teamId: string, ref: Omit<Reference, 'note'>): Promise<number> {
  const row = await locked(tx, teamId);
  const expired = Math.min(row.grantedRemaining, free(row));
  if (expired > 0) {
    await appendLedger(tx, {
      teamId,
      kind: 'expire',
      amount: -expired,
      balanceAfter: row.balance - expired,
      ...ref,
      note: await expiryNote(tx, teamId),
    });
  }
  await writeBalance(tx, teamId, { balance: row.balance - expired, grantedRemaining: 0 });
  return expired;
}

/**
 * Starts a credit period of the plan named `planName`: the previous grant's remainder expires (its
 * entry naming its own plan), then `amount` is granted for [periodStart, periodEnd] (a `grant`
 * entry whose note names this plan).
 */
export async function grantPeriod(
  tx: Tx,
  teamId: string,
  grant: { amount: number; periodStart: Date; periodEnd: Date; planName: string },
  ref: Omit<Reference, 'note'>,
): Promise<void> {
  await expireGranted(tx, teamId, ref);
  const row = await locked(tx, teamId);
  const balance = row.balance + grant.amount;
  if (grant.amount > 0) {
    await appendLedger(tx, {
      teamId,
      kind: 'grant',
      amount: grant.amount,
      balanceAfter: balance,
      ...ref,
      note: grantNote(grant.planName),
    });
  }
  await writeBalance(tx, teamId, {
    balance,
    grantedRemaining: grant.amount,
    granted: grant.amount,
    periodStart: grant.periodStart,
    periodEnd: grant.periodEnd,
  });
}

/** Purchased credits (a credit pack): added to the balance; they do not expire with the period. */
export async function addPurchased(tx: Tx, teamId: string, amount: number, ref: Reference): Promise<void> {
  // The balance moves and its entry is written in one statement under the row's lock (the
  // balance after is the row's own); a team without its row gets it first.
  const entry = { teamId, kind: 'purchase', amount, ...ref } as const;
  if (await appendToBalance(tx, entry)) return;
  await locked(tx, teamId);
  if (!(await appendToBalance(tx, entry))) throw new Error(`no credit balance for team ${teamId}`);
}

/**
 * Takes back credits an order gave (a refund): `granted` from what is left of the period's grant,
 * `purchased` from the rest, each as far as the free balance allows (credits already used cannot
 * be taken back; the refund records what was). One `refund` entry; answers the credits taken.
 */
export async function takeBack(
  tx: Tx,
  teamId: string,
  want: { granted: number; purchased: number },
  ref: Reference,
): Promise<number> {
  const row = await locked(tx, teamId);
  const fromGrant = Math.min(want.granted, row.grantedRemaining, free(row));
  const fromRest = Math.min(want.purchased, free(row) - fromGrant, row.balance - row.grantedRemaining);
  const taken = fromGrant + Math.max(fromRest, 0);
  if (taken > 0) {
    await appendLedger(tx, {
      teamId,
      kind: 'refund',
      amount: -taken,
      balanceAfter: row.balance - taken,
      ...ref,
    });
  }
  await writeBalance(tx, teamId, {
    balance: row.balance - taken,
    grantedRemaining: row.grantedRemaining - fromGrant,
  });
  return taken;
}

/**
 * An operator's adjustment: positive adds (not part of the grant, so it does not expire),
 * negative takes from the free balance, granted credits last. Refused when more is taken than is
 * free.
 */
export async function adjust(tx: Tx, teamId: string, amount: number, ref: Reference) {
  const row = await locked(tx, teamId);
  if (amount < 0 && -amount > free(row)) {
    throw new AppError('CONFLICT', { msg: 'The team does not have that many credits free to take' });
  }
  const balance = row.balance + amount;
  const entry = await appendLedger(tx, { teamId, kind: 'adjust', amount, balanceAfter: balance, ...ref });
  await writeBalance(tx, teamId, { balance, grantedRemaining: Math.min(row.grantedRemaining, balance) });
  return entry;
}
