import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint';

/** Liveness without touching the database (a balancer's probe; the bare route the API benchmark compares against). */
export const getPing = defineEndpoint({
  method: 'GET',
  path: '/api/ping',
  permission: 'public',
  summary: 'Liveness',
  tags: ['core'],
  response: z.object({ pong: z.literal(true) }),
});
