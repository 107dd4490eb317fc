import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';

/**
 * Security headers and a strict CSP for the SPA: scripts only from our origin (no inline script),
 * nobody may frame us, no plugins. antd writes its CSS-in-JS into <style> tags, hence inline
 * styles. The one frame we show is WeChat's QR sign-in page, from its configured origin.
 *
 * helmet's middleware is made once, here, and applied to every response: @fastify/helmet made it
 * again from the options on every request, about 7% of a call to basic infos (bench:api).
 */
export async function installSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const apply = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", new URL(config.WECHAT_OPEN_AUTH_URL).origin],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
