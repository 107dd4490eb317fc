import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';

/**
 * Security headers and a strict CSP for the SPA: scripts only from our origin (no inline script),
 * nobody may frame us, no plugins. antd writes its CSS-in-JS into <style> tags, hence inline
 * styles. The frames we show are WeChat's QR sign-in page, from its configured origin, and
 * Alipay's code page (the payment dialog on a desktop); Alipay's forms are the one post that
 * leaves us (page pay, wap pay). Alipay's hosts and its sandbox's, and the configured gateway's
 * origin (`ALIPAY_GATEWAY`: a stand-in's) are allowed for both.
 *
 * helmet's middleware is made once, here, and applied to every response: @fastify/helmet made it
 * again from the options on every request, about 7% of a call to basic infos (bench:api).
 */
export async function installSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const alipay = alipayOrigins(config);
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
        frameSrc: ["'self'", new URL(config.WECHAT_OPEN_AUTH_URL).origin, ...alipay],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...alipay],
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}

/** Where Alipay's gateway forms go and its cashier lives (it redirects between its hosts). */
const ALIPAY_HOSTS = ['https://*.alipay.com', 'https://*.alipaydev.com'];

function alipayOrigins(config: Config): string[] {
  const gateway = config.ALIPAY_GATEWAY ? new URL(config.ALIPAY_GATEWAY).origin : null;
  return gateway && !ALIPAY_HOSTS.includes(gateway) ? [...ALIPAY_HOSTS, gateway] : ALIPAY_HOSTS;
}
