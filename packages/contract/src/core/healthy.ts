import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint';

/** Liveness with a database round trip; 503 when the database cannot answer (spec section 4). */
export const getHealthy = defineEndpoint({
  method: 'GET',
  path: '/api/healthy',
  permission: 'public',
  summary: 'Health check',
  tags: ['core'],
  response: z.object({ status: z.literal('ok'), time: z.number().int() }),
});
