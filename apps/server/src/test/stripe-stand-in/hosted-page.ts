import type { IncomingMessage, ServerResponse } from 'node:http';
import type Stripe from 'stripe';
import type { StandInCheckoutSessions } from './checkout-sessions';
import { readBody } from './http';

/**
 * The hosted page behind a session's `url` (`/c/pay/:id`): pay, decline (`card_declined`), pay by
 * a delayed method (settled later by the test), or go back to `cancel_url`; in `setup` mode, save
 * a Visa or Mastercard test card, or decline. A page for people and for Playwright, not Stripe's.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A `payment` or `subscription` session's page: its line items and amount, and how to pay. */
function hostedPage(session: Stripe.Checkout.Session, names: string[], notice?: string): string {
  const amount = `${((session.amount_total ?? 0) / 100).toFixed(2)} ${(session.currency ?? '').toUpperCase()}`;
  const open = session.status === 'open';
  const items = names.map((name) => `<li>${escapeHtml(name)}</li>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Stripe stand-in Checkout</title>
<style>body{font-family:system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px}
.amount{font-size:28px;font-weight:600}.mode{background:#fff7e6;border:1px solid #ffd591;padding:2px 8px;border-radius:4px;font-size:12px}
form{display:flex;gap:8px;flex-wrap:wrap;margin-top:16px}button{padding:10px 12px;font-size:15px}</style></head>
<body><span class="mode">Stripe stand-in · test mode</span>
<h1>${open ? 'Pay' : session.payment_status === 'paid' ? 'Paid' : 'This Checkout Session is no longer active'}</h1>
<ul>${items}</ul><p class="amount" data-testid="amount">${escapeHtml(amount)}</p>
${notice ? `<p role="alert">${escapeHtml(notice)}</p>` : ''}
${
  open
    ? `<form method="post" action="/c/pay/${escapeHtml(session.id)}">
<button type="submit" name="action" value="pay">Pay ${escapeHtml(amount)}</button>
<button type="submit" name="action" value="decline">Use a declined card</button>
<button type="submit" name="action" value="delayed">Pay by bank debit (delayed)</button>
</form>${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>` : ''}`
    : ''
}
</body></html>`;
}

/** Checkout in `setup` mode: save one of two test cards, or have the card declined. */
function setupPage(session: Stripe.Checkout.Session, notice?: string): string {
  const open = session.status === 'open';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Stripe stand-in Checkout</title>
<style>body{font-family:system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px}
.mode{background:#fff7e6;border:1px solid #ffd591;padding:2px 8px;border-radius:4px;font-size:12px}
form{display:flex;gap:8px;flex-wrap:wrap;margin-top:16px}button{padding:10px 12px;font-size:15px}</style></head>
<body><span class="mode">Stripe stand-in · test mode</span>
<h1>${open ? 'Save a card' : session.status === 'complete' ? 'Card saved' : 'This Checkout Session is no longer active'}</h1>
<p>You will not be charged now.</p>
${notice ? `<p role="alert">${escapeHtml(notice)}</p>` : ''}
${
  open
    ? `<form method="post" action="/c/pay/${escapeHtml(session.id)}">
<button type="submit" name="action" value="save_visa">Save Visa •••• 4242</button>
<button type="submit" name="action" value="save_mastercard">Save Mastercard •••• 4444</button>
<button type="submit" name="action" value="decline">Use a declined card</button>
</form>${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>` : ''}`
    : ''
}
</body></html>`;
}

/** `GET` the session's page, or `POST` one of its buttons (`action`). */
export async function handlePage(
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
  checkout: StandInCheckoutSessions,
) {
  await checkout.sweep();
  const session = checkout.held(id);
  const html = (status: number, body: string) =>
    res
      .writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      .end(body);
  const page = (held: Stripe.Checkout.Session, notice?: string) =>
    held.mode === 'setup' ? setupPage(held, notice) : hostedPage(held, checkout.names(held.id), notice);
  if (!session) return html(404, '<!doctype html><title>Not found</title><h1>Something went wrong</h1>');
  if (req.method !== 'POST') return html(200, page(session));
  const action = new URLSearchParams(await readBody(req)).get('action');
  if (session.status !== 'open') return html(200, page(session));
  if (action === 'decline') return html(402, page(session, 'Your card was declined. (card_declined)'));
  if (session.mode === 'setup') {
    if (action !== 'save_visa' && action !== 'save_mastercard')
      return html(400, page(session, 'Choose a card.'));
    const saved = await checkout.saveSessionCard(session, action === 'save_visa' ? 'visa' : 'mastercard');
    return void res.writeHead(303, { location: saved }).end();
  }
  if (action !== 'pay' && action !== 'delayed') return html(400, page(session, 'Choose how to pay.'));
  const location = await checkout.paySession(session, action === 'pay' ? 'card' : 'delayed');
  res.writeHead(303, { location }).end();
}
