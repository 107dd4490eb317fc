import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint';
import { zEditor } from '../../events/subscriber';
import { ADMIN_AREA } from '../../permission-codes';

/** Spec section 9: a page that edits a record says so this often. */
export const EDITING_HEARTBEAT_SECONDS = 15;

/**
 * Spec section 7, `POST /api/admin/editing/register`: `route` is the admin page path, `key` the
 * record on it, `opt` enter | heartbeat | leave. The caller must be allowed to open that page.
 */
export const registerEditing = defineEndpoint({
  method: 'POST',
  path: '/api/admin/editing/register',
  // Refused before the body is read to anyone who may open no admin page; the service then
  // checks the page named in the body.
  permission: ADMIN_AREA,
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
