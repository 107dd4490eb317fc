import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint';

export const zAccessCode = z.enum(['OK', 'BEARER_TOKEN_ERROR', 'UNAUTHORIZED', 'FORBIDDEN']);
export type AccessCode = z.infer<typeof zAccessCode>;

/** Spec section 3, "Permission result"; answered per ARCHITECTURE section 5. */
export const postPermissionList = defineEndpoint({
  method: 'POST',
  path: '/api/routes/permission/list',
  permission: 'public',
  summary: 'Whether the caller may open each page route and call each API',
  tags: ['permissions'],
  body: z.object({
    page_routes: z.array(z.string().min(1).max(300)).max(500).default([]),
    /** APIs as `METHOD /path` */
    apis: z.array(z.string().min(1).max(300)).max(500).default([]),
    from: z.string().min(1).max(64).default('web'),
  }),
  response: z.object({
    page_routes: z.array(z.object({ route: z.string(), access: z.boolean(), code: zAccessCode })),
    apis: z.array(z.object({ api: z.string(), access: z.boolean(), code: zAccessCode })),
    version: z.number().int(),
  }),
});
