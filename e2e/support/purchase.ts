import { type APIRequestContext, expect } from '@playwright/test';

/**
 * Buys a plan for the signed-in account of `auth` through the sandbox provider, as the payment
 * page does (order, bill, the provider's hosted page, its notice), and waits for the bill to be
 * paid. The journey owns the account, so nothing it buys changes another journey.
 */
export async function buyPlan(request: APIRequestContext, auth: Record<string, string>, planName: string) {
  const plans = (await (await request.get('/api/usm/plans', { headers: auth })).json()) as {
    items: { id: string; name: string; credits: number }[];
  };
  const plan = plans.items.find((item) => item.name === planName);
  expect(plan, `the seeded ${planName} plan`).toBeTruthy();
  const ordered = await request.post('/api/account/orders', { headers: auth, data: { plan_id: plan?.id } });
  expect(ordered.status(), await ordered.text()).toBe(200);
  const { order, bill } = (await ordered.json()) as {
    order: { id: string; order_num: string; pay_amount: number };
    bill: { id: string };
  };
  const started = await request.post('/api/account/payments', {
    headers: auth,
    data: { bill_id: bill.id, method: 'sandbox' },
  });
  expect(started.status(), await started.text()).toBe(200);
  const { next } = (await started.json()) as { next: { kind: string; url?: string } };
  expect(next.kind).toBe('redirect');
  const session = new URL(next.url ?? '', 'http://localhost').searchParams.get('session') ?? '';
  // The hosted page's Pay button posts this form; the provider then notifies the server.
  const paid = await request.post('/api/payments/sandbox/checkout', { form: { session, outcome: 'pay' } });
  expect(paid.status()).toBe(200);
  await expect
    .poll(async () => {
      const answer = await request.get(`/api/user/bill?id=${bill.id}`, { headers: auth });
      return ((await answer.json()) as { bill: { status: string } }).bill.status;
    })
    .toBe('paid');
  return { order, credits: plan?.credits ?? 0 };
}
