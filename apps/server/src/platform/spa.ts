import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

/**
 * Serves the built SPA: hashed assets cached for a year, every other non-API GET answered with
 * index.html so client routes survive a reload. Unknown API paths get the NOT_FOUND envelope.
 */
export async function installSpa(app: FastifyInstance, webDist: string, serveWeb: boolean): Promise<void> {
  const hasWeb = serveWeb && existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The web build writes .br/.gz beside each asset; the best one the browser accepts is sent.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname.startsWith('/api/') || pathname === '/api' || !hasWeb || request.method !== 'GET') {
      throw new AppError('NOT_FOUND');
    }
    // A missing hashed asset is a 404, not the app shell (a stale tab asking for an old chunk).
    if (pathname.startsWith('/assets/')) throw new AppError('NOT_FOUND');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
