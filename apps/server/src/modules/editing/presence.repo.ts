import type { Editor } from '@app/contract/events/subscriber';
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import { editingPresence, users } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';

type Page = { route: string; key: string };

/** Who is on `route` editing `key` now, earliest first. */
export async function editorsOf(db: Db | Tx, { route, key }: Page): Promise<Editor[]> {
  return db
    .select({ user_id: users.id, username: users.name, avatar_url: users.image })
    .from(editingPresence)
    .innerJoin(users, eq(users.id, editingPresence.userId))
    .where(
      and(
        eq(editingPresence.route, route),
        eq(editingPresence.key, key),
        gt(editingPresence.expiresAt, sql`now()`),
      ),
    )
    .orderBy(asc(editingPresence.enteredAt));
}

/** One tab of `userId` left: its count goes down, and the row goes when no tab is left. Null if it was not there. */
export async function leavePresence(tx: Tx, { route, key }: Page, userId: string): Promise<number | null> {
  const mine = and(
    eq(editingPresence.route, route),
    eq(editingPresence.key, key),
    eq(editingPresence.userId, userId),
  );
  const [left] = await tx
    .update(editingPresence)
    .set({ tabs: sql`${editingPresence.tabs} - 1` })
    .where(mine)
    .returning({ tabs: editingPresence.tabs });
  if (!left) return null;
  if (left.tabs <= 0) await tx.delete(editingPresence).where(mine);
  return left.tabs;
}

/**
 * Keeps `userId`'s presence alive for `ttlSeconds`; `enter` also counts one more tab. True when
 * the row is new, which is when others must hear of a new editor.
 */
export async function keepPresence(
  tx: Tx,
  { route, key }: Page,
  userId: string,
  opt: 'enter' | 'heartbeat',
  ttlSeconds: number,
): Promise<boolean> {
  // Rows whose heartbeats stopped (the expiry job has not come by yet) start over: a tab that
  // comes back after that counts as arriving, and a crashed tab's count is forgotten.
  await tx
    .delete(editingPresence)
    .where(
      and(
        eq(editingPresence.route, route),
        eq(editingPresence.key, key),
        lte(editingPresence.expiresAt, sql`now()`),
      ),
    );
  const expiresAt = sql`now() + make_interval(secs => ${ttlSeconds})`;
  // xmax = 0 only on a fresh insert.
  const [row] = await tx
    .insert(editingPresence)
    .values({ route, key, userId, expiresAt })
    .onConflictDoUpdate({
      target: [editingPresence.route, editingPresence.key, editingPresence.userId],
      // Each tab enters once and leaves once; heartbeats only keep the row alive.
      set: opt === 'enter' ? { expiresAt, tabs: sql`${editingPresence.tabs} + 1` } : { expiresAt },
    })
    .returning({ fresh: sql<boolean>`(xmax = 0)` });
  return row?.fresh ?? false;
}

/** Removes presences whose heartbeats stopped; returns the pages they were on. */
export async function deleteExpiredPresence(tx: Tx): Promise<Page[]> {
  return tx
    .delete(editingPresence)
    .where(lte(editingPresence.expiresAt, sql`now()`))
    .returning({ route: editingPresence.route, key: editingPresence.key });
}
