import { randomBytes } from 'node:crypto';
import { seededText } from '@app/contract/i18n/seeded-texts';
import type { BytesAnswer } from '../../../platform/endpoint';
import { toSeconds } from '../../../platform/list-query';
import type { RequestContext } from '../../../platform/request-context';
import { readSession, type SandboxSession, SIGNATURE_HEADER, signNotification } from './sandbox-keys';
import { SANDBOX_CHECKOUT_PATH, type SandboxEvent } from './sandbox-provider';

/**
 * The sandbox provider's hosted page, standing where a vendor's checkout would: plain HTML under
 * the app's strict CSP (no script at all; a form post and a meta refresh), saying 'test mode'.
 * Paying, failing or canceling sends the provider's signed notification to the app's
 * notification endpoint, as a vendor's servers would.
 */

/** Sends a notification to `POST /api/payments/notify/sandbox` (the app's own endpoint). */
export type DeliverNotification = (
  rawBody: string,
  headers: Record<string, string>,
) => Promise<{ status: number; outcome: string | null }>;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function money(amount: number, currency: string): string {
  return `${(amount / 100).toFixed(2)} ${currency}`;
}

function page(ctx: RequestContext, title: string, body: string, refreshTo?: string): BytesAnswer {
  const document = `<!doctype html>
<html lang="${escapeHtml(ctx.locale.replace('_', '-'))}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${refreshTo ? `<meta http-equiv="refresh" content="1;url=${escapeHtml(refreshTo)}">` : ''}
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f5f5f5; margin: 0; padding: 24px; color: #1f1f1f; }
  main { max-width: 440px; margin: 40px auto; background: #fff; border-radius: 8px; padding: 24px;
         box-shadow: 0 1px 4px rgba(0,0,0,.12); }
  .mode { display: inline-block; background: #fff7e6; color: #ad4e00; border: 1px solid #ffd591;
          border-radius: 4px; padding: 2px 8px; font-size: 12px; font-weight: 600; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 8px 16px; }
  dt { color: #666; } dd { margin: 0; text-align: right; }
  .amount { font-size: 28px; font-weight: 600; margin: 16px 0; }
  form { display: flex; gap: 8px; flex-wrap: wrap; margin-top: 16px; }
  button { flex: 1; padding: 10px 12px; border-radius: 6px; border: 1px solid #d9d9d9; background: #fff;
           font-size: 15px; cursor: pointer; }
  button.pay { background: #1677ff; border-color: #1677ff; color: #fff; }
  p.note { color: #666; font-size: 13px; }
</style>
</head>
<body><main>
<span class="mode">${escapeHtml(ctx.t('Test mode'))}</span>
${body}
</main></body>
</html>`;
  return {
    type: 'text/html',
    body: Buffer.from(document),
    headers: { 'cache-control': 'no-store' },
  };
}

function summary(ctx: RequestContext, session: SandboxSession): string {
  return `<dl>
<dt>${escapeHtml(ctx.t('Order number'))}</dt><dd>${escapeHtml(session.orderNum)}</dd>
<dt>${escapeHtml(ctx.t('Plan'))}</dt><dd>${escapeHtml(seededText(session.planName, ctx.t))}</dd>
</dl>
<div class="amount">${escapeHtml(money(session.amount, session.currency))}</div>`;
}

const backTo = (session: SandboxSession) =>
  `/payment?bill_id=${encodeURIComponent(session.billId)}&order_id=${encodeURIComponent(session.orderId)}`;
const resultOf = (session: SandboxSession) =>
  `/payment/result?order_id=${encodeURIComponent(session.orderId)}`;

function invalid(ctx: RequestContext): BytesAnswer {
  return page(
    ctx,
    ctx.t('Sandbox payment'),
    `<h1>${escapeHtml(ctx.t('This payment link is not valid'))}</h1><p><a href="/account/orders">${escapeHtml(ctx.t('My orders'))}</a></p>`,
  );
}

export function checkoutPage(
  ctx: RequestContext,
  appSecret: string,
  token: string,
  now = Date.now(),
): BytesAnswer {
  const session = readSession(appSecret, token);
  if (!session) return invalid(ctx);
  if (session.expiresAt * 1000 <= now) {
    return page(
      ctx,
      ctx.t('Sandbox payment'),
      `<h1>${escapeHtml(ctx.t('This bill has expired: confirm the plan again'))}</h1>${summary(ctx, session)}
<p><a href="/usm/plan">${escapeHtml(ctx.t('Plans'))}</a></p>`,
    );
  }
  return page(
    ctx,
    ctx.t('Sandbox payment'),
    `<h1>${escapeHtml(ctx.t('Sandbox payment'))}</h1>
${summary(ctx, session)}
<p class="note">${escapeHtml(ctx.t('No money moves in test mode. Choose what the payment provider should report.'))}</p>
<form method="post" action="${SANDBOX_CHECKOUT_PATH}">
<input type="hidden" name="session" value="${escapeHtml(token)}">
<button class="pay" type="submit" name="outcome" value="pay">${escapeHtml(ctx.t('Pay'))}</button>
<button type="submit" name="outcome" value="fail">${escapeHtml(ctx.t('Fail'))}</button>
<button type="submit" name="outcome" value="cancel">${escapeHtml(ctx.t('Cancel'))}</button>
</form>`,
  );
}

const EVENT_TYPES = { pay: 'payment.succeeded', fail: 'payment.failed', cancel: 'payment.canceled' } as const;

/**
 * The page's form post: the provider reports the chosen outcome with its signed notification,
 * then the page leads back to the app (the result page once paid, the payment page otherwise).
 */
export async function submitCheckout(
  ctx: RequestContext,
  appSecret: string,
  deliver: DeliverNotification,
  input: { session: string; outcome: 'pay' | 'fail' | 'cancel' },
): Promise<BytesAnswer> {
  const session = readSession(appSecret, input.session);
  if (!session) return invalid(ctx);
  const event: SandboxEvent = {
    id: `evt_${randomBytes(12).toString('hex')}`,
    type: EVENT_TYPES[input.outcome],
    created: toSeconds(new Date()),
    data: { reference: session.ref, amount: session.amount, currency: session.currency },
  };
  const rawBody = JSON.stringify(event);
  const delivered = await deliver(rawBody, {
    'content-type': 'application/json',
    [SIGNATURE_HEADER]: signNotification(appSecret, rawBody),
  });
  const paid =
    input.outcome === 'pay' && (delivered.outcome === 'applied' || delivered.outcome === 'duplicate');
  if (paid) {
    return page(
      ctx,
      ctx.t('Payment succeeded'),
      `<h1>${escapeHtml(ctx.t('Payment succeeded'))}</h1>${summary(ctx, session)}
<p><a href="${escapeHtml(resultOf(session))}">${escapeHtml(ctx.t('Back to the app'))}</a></p>`,
      resultOf(session),
    );
  }
  const why =
    input.outcome === 'pay'
      ? delivered.outcome === 'refused_expired'
        ? 'This bill has expired: confirm the plan again'
        : 'The payment was not accepted'
      : input.outcome === 'fail'
        ? 'The payment failed'
        : 'The payment was canceled';
  return page(
    ctx,
    ctx.t(why),
    `<h1>${escapeHtml(ctx.t(why))}</h1>${summary(ctx, session)}
<p><a href="${escapeHtml(backTo(session))}">${escapeHtml(ctx.t('Back to the app'))}</a></p>`,
  );
}
