import { z } from 'zod';
import { zSeconds } from '../../common';
import { defineEndpoint } from '../../define-endpoint';

/** A signed-in device; `current` marks the session making the request. */
export const zActiveSession = z.object({
  id: z.string(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: zSeconds,
  last_active_at: zSeconds,
  expires_at: zSeconds,
  current: z.boolean(),
});

export const listActiveSessions = defineEndpoint({
  method: 'GET',
  path: '/api/account/security/sessions',
  permission: 'signed_in',
  summary: "The caller's active sessions, most recently used first",
  tags: ['account'],
  response: z.object({ items: z.array(zActiveSession) }),
});

/** Signs one other device out. The current session is ended with `POST /api/sign-out` instead. */
export const revokeActiveSession = defineEndpoint({
  method: 'DELETE',
  path: '/api/account/security/sessions/{id}',
  permission: 'signed_in',
  summary: 'Sign one other session out',
  tags: ['account'],
  params: z.object({ id: z.string().min(1).max(64) }),
  response: z.object({ revoked: z.literal(true) }),
});

export const revokeOtherSessions = defineEndpoint({
  method: 'POST',
  path: '/api/account/security/sessions/revoke-others',
  permission: 'signed_in',
  summary: 'Sign every other session out',
  tags: ['account'],
  body: z.object({}).optional(),
  response: z.object({ revoked: z.number().int() }),
});
