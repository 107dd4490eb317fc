import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint';
import { zEditor } from '../../events/subscriber';

/** Spec section 9: a page that edits a record says so this often. */
export const EDITING_HEARTBEAT_SECONDS = 15;

/**
 * Spec section 7, `POST /api/admin/editing/register`: `route` is the admin page path, `key` the
 * record on it, `opt` enter | heartbeat | leave. The caller must be allowed to open that page.
 */
export const registerEditing = defineEndpoint({
  method: 'POST',
  path: '/api/admin/editing/register',
  permission: 'signed_in',
  summary: 'Say that the caller is on (or has left) an admin page editing a record; answers who else is',
  tags: ['admin: editing'],
  body: z.object({
    route: z
      .string()
      .regex(/^\/admin(\/[\w-]+)*$/, { message: 'route is an admin page path' })
      .max(200),
    key: z.string().trim().min(1, { message: 'key names the record' }).max(200),
    opt: z.enum(['enter', 'heartbeat', 'leave'], { message: 'opt is enter, heartbeat or leave' }),
  }),
  response: z.object({ route: z.string(), key: z.string(), editing: z.array(zEditor) }),
});
