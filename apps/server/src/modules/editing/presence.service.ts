import { EDITING_HEARTBEAT_SECONDS } from '@app/contract/admin/editing/register';
import type { EditingEvent, Editor } from '@app/contract/events/subscriber';
import { matchPageRoute } from '@app/contract/page-routes';
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import { editingPresence, users } from '../../db/schema';
import { AppError, validationError } from '../../platform/app-error';
import type { Db, Tx } from '../../platform/db';
import type { Platform } from '../../platform/platform';
import type { RequestContext } from '../../platform/request-context';

/** Two missed heartbeats and a bit: a closed tab disappears within about 40 s. */
export const PRESENCE_TTL_SECONDS = EDITING_HEARTBEAT_SECONDS * 2 + 10;

/** Who is on `route` editing `key` now, earliest first. */
export async function editorsOf(db: Db | Tx, route: string, key: string): Promise<Editor[]> {
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

async function announce(platform: Platform, tx: Tx, route: string, key: string): Promise<Editor[]> {
  const editing = await editorsOf(tx, route, key);
  const event: EditingEvent = { route, key, editing };
  // To everyone on the topic; the stream passes it only to users who may open `route`.
  await platform.events.publish('adm_data_editing', null, event, tx);
  return editing;
}

/**
 * enter / heartbeat keep the caller's presence alive; leave removes it. Others hear of it when
 * the set of editors changes (not on every heartbeat).
 */
export async function registerEditing(
  platform: Platform,
  ctx: RequestContext,
  input: { route: string; key: string; opt: 'enter' | 'heartbeat' | 'leave' },
): Promise<{ route: string; key: string; editing: Editor[] }> {
  const user = ctx.user;
  if (!user) throw new AppError('BEARER_TOKEN_ERROR');
  const page = matchPageRoute(input.route);
  if (!page || !input.route.startsWith('/admin')) throw validationError({ route: 'Not an admin page' });
  if ((await platform.access.decide(page.permission, user)) !== 'OK') throw new AppError('FORBIDDEN');

  const { route, key } = input;
  return platform.db.transaction(async (tx) => {
    if (input.opt === 'leave') {
      const mine = and(
        eq(editingPresence.route, route),
        eq(editingPresence.key, key),
        eq(editingPresence.userId, user.id),
      );
      const [left] = await tx
        .update(editingPresence)
        .set({ tabs: sql`${editingPresence.tabs} - 1` })
        .where(mine)
        .returning({ tabs: editingPresence.tabs });
      // Another tab of the same user is still there: nobody else's view changes.
      if (!left || left.tabs > 0) return { route, key, editing: await editorsOf(tx, route, key) };
      await tx.delete(editingPresence).where(mine);
      return { route, key, editing: await announce(platform, tx, route, key) };
    }
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
    const expiresAt = sql`now() + make_interval(secs => ${PRESENCE_TTL_SECONDS})`;
    // xmax = 0 only on a fresh insert: that is when others must hear of a new editor.
    const [row] = await tx
      .insert(editingPresence)
      .values({ route, key, userId: user.id, expiresAt })
      .onConflictDoUpdate({
        target: [editingPresence.route, editingPresence.key, editingPresence.userId],
        // Each tab enters once and leaves once; heartbeats only keep the row alive.
        set: input.opt === 'enter' ? { expiresAt, tabs: sql`${editingPresence.tabs} + 1` } : { expiresAt },
      })
      .returning({ fresh: sql<boolean>`(xmax = 0)` });
    const editing = row?.fresh ? await announce(platform, tx, route, key) : await editorsOf(tx, route, key);
    return { route, key, editing };
  });
}

/** Removes presences whose heartbeats stopped, and tells those pages who is left. */
export async function expirePresence(platform: Platform): Promise<number> {
  return platform.db.transaction(async (tx) => {
    const gone = await tx
      .delete(editingPresence)
      .where(lte(editingPresence.expiresAt, sql`now()`))
      .returning({ route: editingPresence.route, key: editingPresence.key });
    const pages = new Map(gone.map((row) => [`${row.route}\u0000${row.key}`, row]));
    for (const { route, key } of pages.values()) await announce(platform, tx, route, key);
    return gone.length;
  });
}
