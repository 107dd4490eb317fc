import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint';

/** Per user and route, e.g. type `columns` with `{ field: { show: boolean } }` (spec: Column-view setting). */
const zViewKey = {
  route: z.string().min(1).max(300).startsWith('/', { message: 'A route starts with /' }),
  type: z.string().regex(/^[a-z][a-z0-9_]{0,31}$/, { message: 'Not a view setting type' }),
};

export const zViewValues = z
  .record(z.string().max(100), z.unknown())
  .refine((values) => JSON.stringify(values).length <= 20_000, { message: 'Input exceeds maximum length' });

export const getViewSettings = defineEndpoint({
  method: 'GET',
  path: '/api/account/view/settings',
  permission: 'signed_in',
  summary: "The caller's saved view of a route (e.g. visible columns)",
  tags: ['account'],
  query: z.object(zViewKey),
  response: z.object({ route: z.string(), type: z.string(), values: z.record(z.string(), z.unknown()) }),
});

export const putViewSettings = defineEndpoint({
  method: 'PUT',
  path: '/api/account/view/settings',
  permission: 'signed_in',
  summary: "Save the caller's view of a route",
  tags: ['account'],
  body: z.object({ ...zViewKey, values: zViewValues }),
  response: z.object({ route: z.string(), type: z.string(), values: z.record(z.string(), z.unknown()) }),
});
