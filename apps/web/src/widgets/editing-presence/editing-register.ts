import { registerEditing } from '@app/contract/admin/editing/register';
import type { EditingEvent } from '@app/contract/events/subscriber';
import { callApi } from '../../lib/api/client';
import { requestHeaders } from '../../lib/api/request-headers';

type Opt = 'enter' | 'heartbeat';

/**
 * Presence is a courtesy next to the real work on the page: a failure says nothing to the user
 * (silent); the next heartbeat tries again.
 */
export function sayPresence(route: string, key: string, opt: Opt): Promise<EditingEvent> {
  return callApi(registerEditing, { body: { route, key, opt }, silent: true });
}

/**
 * `keepalive` lets the request outlive the page (a closed tab, a link to another site), which
 * callApi's fetch would not; nobody waits for the answer.
 */
export function sayLeave(route: string, key: string): Promise<void> {
  return fetch(registerEditing.path, {
    method: 'POST',
    keepalive: true,
    headers: { ...requestHeaders(), 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ route, key, opt: 'leave' }),
  }).then(
    () => undefined,
    () => undefined,
  );
}
