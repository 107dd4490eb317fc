import {
  createAlipayPayment,
  createPayment,
  createWechatpayPayment,
  listPaymentProviders,
  receivePaymentNotification,
  sandboxCheckoutPage,
  sandboxCheckoutSubmit,
} from '@app/contract/billing/payments';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validationError } from '../../platform/app-error';
import { routesFor } from '../../platform/endpoint';
import type { Platform, ServerModule } from '../../platform/platform';
import { provideFetchedCertificates } from '../foreign-keys/certificate-expiry';
import { wechatpayReady } from '../foreign-keys/wechatpay-api';
import * as payments from './payments.service';
import { checkoutPage, type DeliverNotification, submitCheckout } from './sandbox/sandbox-checkout';
import { platformCertificates } from './wechatpay/wechatpay-keys';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body's bytes as received, for providers' signatures (notification and checkout routes only). */
    rawBytes?: Buffer;
    /** The same bytes read as UTF-8. */
    rawBody?: string;
  }
}

/**
 * Parsers for the routes vendors and the hosted page post to: JSON (its bytes kept as received,
 * since signatures are computed over the exact bytes: Stripe's over the raw body) and HTML form
 * posts. Registered in their own scope, so no other route accepts form posts.
 */
function keepRawBodies(scope: FastifyInstance): void {
  const keep = (request: FastifyRequest, body: Buffer) => {
    request.rawBytes = body;
    request.rawBody = body.toString('utf8');
    return request.rawBody;
  };
  scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const text = keep(request, body as Buffer);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(validationError({ body: 'The body is not JSON' }), undefined);
    }
  });
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'buffer' },
    (request, body, done) => {
      const text = keep(request, body as Buffer);
      done(null, Object.fromEntries(new URLSearchParams(text)));
    },
  );
}

function registerProviderRoutes(app: FastifyInstance, platform: Platform) {
  // The sandbox provider reaches the notification endpoint as a vendor would, through the HTTP
  // pipeline (parsers, validation, the envelope), in process rather than over the network.
  const deliver: DeliverNotification = async (rawBody, headers) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/notify/sandbox',
      payload: rawBody,
      headers,
    });
    const answer = res.json() as { outcome?: string };
    return { status: res.statusCode, outcome: answer.outcome ?? null };
  };
  app.register(async (scope) => {
    keepRawBodies(scope);
    const route = routesFor(scope, platform.registry);
    route(receivePaymentNotification, async ({ params, body, request, reply }) => {
      const answer = await payments.receiveNotification(
        platform,
        params.provider,
        {
          rawBytes: request.rawBytes ?? Buffer.from(JSON.stringify(body)),
          rawBody: request.rawBody ?? JSON.stringify(body),
          body,
          headers: request.headers,
        },
        request.log,
      );
      if (answer.kind === 'json') return answer.body;
      // The vendor reads its own words (WeChat Pay: 204, or FAIL; Alipay: `success`, or `fail`).
      const { status, contentType, body: text } = answer.reply;
      return reply
        .code(status)
        .type(contentType)
        .send(text === '' ? undefined : text);
    });
    route(sandboxCheckoutSubmit, ({ ctx, body }) => submitCheckout(ctx, platform.secret, deliver, body));
  });
}

/** Payment providers: starting payments, their notifications, the sandbox's hosted page. */
export const paymentsModule: ServerModule = {
  name: 'payments',
  register(app, platform) {
    const route = routesFor(app, platform.registry);
    route(listPaymentProviders, ({ ctx, query }) => payments.listProviders(platform, ctx, query.app_type));
    route(createPayment, ({ ctx, body }) => payments.createPayment(platform, ctx, body));
    route(createWechatpayPayment, ({ ctx, query }) => payments.createWechatpayPayment(platform, ctx, query));
    route(createAlipayPayment, ({ ctx, query }) => payments.createAlipayPayment(platform, ctx, query));
    route(sandboxCheckoutPage, ({ ctx, query }) => checkoutPage(ctx, platform.secret, query.session));
    registerProviderRoutes(app, platform);
    // The foreign-keys page and the admins' expiry warning show WeChat Pay's platform certificates
    // as payments download and keep them.
    provideFetchedCertificates(platform, 'wechatpay', {
      label: 'WeChat Pay platform certificate',
      fetch: async (values) => (wechatpayReady(values) ? platformCertificates(platform, values) : []),
    });
  },
};
