import { EDITING_HEARTBEAT_SECONDS } from '@app/contract/admin/editing/register';
import type { EditingEvent, Editor } from '@app/contract/events/subscriber';
import { matchPageRoute } from '@app/contract/page-routes';
import { AppError, validationError } from '../../platform/app-error';
import type { Tx } from '../../platform/db';
import type { SignedInContext } from '../../platform/endpoint';
import type { Platform } from '../../platform/platform';
import { deleteExpiredPresence, editorsOf, keepPresence, leavePresence } from './presence.repo';

/** Two missed heartbeats and a bit: a closed tab disappears within about 40 s. */
export const PRESENCE_TTL_SECONDS = EDITING_HEARTBEAT_SECONDS * 2 + 10;

async function announce(platform: Platform, tx: Tx, route: string, key: string): Promise<Editor[]> {
  const editing = await editorsOf(tx, { route, key });
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
  ctx: SignedInContext,
  input: { route: string; key: string; opt: 'enter' | 'heartbeat' | 'leave' },
): Promise<{ route: string; key: string; editing: Editor[] }> {
  const user = ctx.user;
  const page = matchPageRoute(input.route);
  if (!page || !input.route.startsWith('/admin')) throw validationError({ route: 'Not an admin page' });
  if ((await platform.access.decide(page.permission, user)) !== 'OK') throw new AppError('FORBIDDEN');

  const { route, key } = input;
  return platform.db.transaction(async (tx) => {
    if (input.opt === 'leave') {
      const tabsLeft = await leavePresence(tx, { route, key }, user.id);
      // Another tab of the same user is still there: nobody else's view changes.
      if (tabsLeft === null || tabsLeft > 0)
        return { route, key, editing: await editorsOf(tx, { route, key }) };
      return { route, key, editing: await announce(platform, tx, route, key) };
    }
    const fresh = await keepPresence(tx, { route, key }, user.id, input.opt, PRESENCE_TTL_SECONDS);
    const editing = fresh ? await announce(platform, tx, route, key) : await editorsOf(tx, { route, key });
    return { route, key, editing };
  });
}

/** Removes presences whose heartbeats stopped, and tells those pages who is left. */
export async function expirePresence(platform: Platform): Promise<number> {
  return platform.db.transaction(async (tx) => {
    const gone = await deleteExpiredPresence(tx);
    const pages = new Map(gone.map((row) => [`${row.route}\u0000${row.key}`, row]));
    for (const { route, key } of pages.values()) await announce(platform, tx, route, key);
    return gone.length;
  });
}
