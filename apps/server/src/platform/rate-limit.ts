import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from './app-error';

/**
 * Per-route limits (declared where the route is registered). Counters live in memory for one
 * process, or in Redis when REDIS_URL is set so every instance counts the same attempts.
 */
export async function installRateLimit(app: FastifyInstance, redisUrl: string | undefined): Promise<void> {
  const redis = redisUrl ? new Redis(redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1 }) : undefined;
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'rate-limit:', skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', { _retry_: { waiting_time: Math.max(1, Math.ceil(context.ttl / 1000)) } }),
  });
}
