import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint';

/**
 * This instance's figures in Prometheus's text format (issue 29 item 4), at the address scrapers
 * look for first. Not for users: with `METRICS_TOKEN` set it asks for `Authorization: Bearer
 * <token>`; without one only this machine may read it (a loopback address, not forwarded).
 */
export const getMetrics = defineEndpoint({
  method: 'GET',
  path: '/metrics',
  permission: 'public',
  summary: 'Prometheus metrics (METRICS_TOKEN, or this machine only)',
  tags: ['core'],
  response: z.object({}),
  answer: { kind: 'bytes', types: ['text/plain; version=0.0.4; charset=utf-8'] },
});
