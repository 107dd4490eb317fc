import { type APIRequestContext, expect, test } from '@playwright/test';
import { newUser } from './support/accounts';
import { apiToken, newAdmin, signInAt } from './support/admin';
import { signUpByApi } from './support/session';
import { chooseChinese, shot } from './support/ui';

/**
 * Orders the seeded plan `key` for the account of `auth` over the API and pays it on the Stripe
 * stand-in's hosted page, as its Pay button does, then waits for the webhook to pay the bill.
 */
async function payWithStripe(request: APIRequestContext, auth: Record<string, string>, key: string) {
  const plans = (await (await request.get('/api/usm/plans', { headers: auth })).json()) as {
    items: { id: string; key: string; name: string }[];
  };
  const pack = plans.items.find((item) => item.key === key);
  expect(pack, `the seeded plan ${key}`).toBeTruthy();
  const ordered = await request.post('/api/account/orders', { headers: auth, data: { plan_id: pack?.id } });
  expect(ordered.status(), await ordered.text()).toBe(200);
  const { order, bill } = (await ordered.json()) as {
    order: { id: string; order_num: string; pay_amount: number; kind: string };
    bill: { id: string };
  };
  const started = await request.post('/api/account/payments', {
    headers: auth,
    data: { bill_id: bill.id, method: 'stripe' },
  });
  expect(started.status(), await started.text()).toBe(200);
  const { next } = (await started.json()) as { next: { kind: string; url?: string } };
  expect(next.kind).toBe('redirect');
  const paid = await request.post(next.url ?? '', { form: { action: 'pay' }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  await expect
    .poll(async () => {
      const answer = await request.get(`/api/user/bill?id=${bill.id}`, { headers: auth });
      return ((await answer.json()) as { bill: { status: string } }).bill.status;
    })
    .toBe('paid');
  return order;
}

/** A user of their own who bought the plan `key` (the 1,000-credit pack) with Stripe. */
async function paidWithStripe(request: APIRequestContext, baseURL: string, key = 'credits_1000') {
  const user = await signUpByApi(request, baseURL, newUser('stripebuyer'));
  const auth = await apiToken(request, user.email, user.password);
  const order = await payWithStripe(request, auth, key);
  return { order, user, auth };
}

/**
 * Paying a credit pack with Stripe's hosted Checkout, as a customer does, against the Stripe
 * stand-in the run starts (global-setup): the pricing page, the order, the payment dialog's Stripe
 * button, Stripe's page (another origin), back to `/payment/result`, which moves on once Stripe's
 * signed webhook has paid the bill; the credits are there once.
 */
test.describe('billing with Stripe Checkout (stand-in)', () => {
  test('buy a credit pack from /usm/plan through Stripe Checkout to /payment/result; the credits are added once', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await signUpByApi(page.request, baseURL as string);

    await page.goto('/usm/plan');
    const pack = page.getByRole('region', { name: '1,000 credits', exact: true });
    await pack.getByRole('button', { name: /1,000 credits$/ }).click();
    await expect(page).toHaveURL(/\/account\/order\/confirm\?plan_id=/);
    const ordered = page.waitForResponse(
      (response) => response.url().endsWith('/api/account/orders') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Confirm and pay' }).click();
    const billId = ((await (await ordered).json()) as { bill: { id: string } }).bill.id;

    // The dialog offers Stripe beside the sandbox; Stripe's button leads straight to its page.
    const methods = page
      .getByRole('dialog', { name: 'Payment' })
      .getByRole('group', { name: 'Payment methods' });
    await expect(methods.getByRole('button', { name: 'Sandbox (test mode)' })).toBeVisible();
    await methods.getByRole('button', { name: 'Card (Stripe)' }).click();

    // Stripe's hosted page (the stand-in, its own origin): the pack and its amount.
    await expect(page).toHaveURL(/\/c\/pay\/cs_test_/);
    await expect(page.getByText('Stripe stand-in · test mode')).toBeVisible();
    await expect(page.getByTestId('amount')).toHaveText('9.90 USD');
    await page.screenshot({ path: test.info().outputPath('billing-stripe-checkout.png'), fullPage: true });
    // A declined card first: Stripe's page says so and the session stays open; then a good card.
    await page.getByRole('button', { name: 'Use a declined card' }).click();
    await expect(page.getByRole('alert')).toContainText('Your card was declined.');
    await page.getByRole('button', { name: 'Pay 9.90 USD', exact: true }).click();

    // Back in the app: the result page watches the bill until the webhook has paid it.
    await expect(page).toHaveURL(/\/payment\/result\?order_id=/);
    await expect(page.getByText('Payment received')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('billing-stripe-result.png'), fullPage: true });

    const token = (await page.context().cookies()).find((cookie) => cookie.name === 'app_token')?.value ?? '';
    const auth = { authorization: `Bearer ${decodeURIComponent(token)}` };
    const bill = (await (
      await page.request.get(`/api/user/bill?id=${billId}`, { headers: auth })
    ).json()) as {
      bill: { status: string; method: string };
    };
    expect(bill.bill).toMatchObject({ status: 'paid', method: 'stripe' });
    const me = (await (await page.request.get('/api/user/basic-infos', { headers: auth })).json()) as {
      usm_quota: { credits_balance: number };
    };
    // The free grant's 100 and the pack's 1,000, once.
    expect(me.usm_quota.credits_balance).toBe(1100);
  });

  test('an admin refunds a Stripe-paid order from /admin/order/details, and sees it refunded in /admin/stripe/payment-indent', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const { order } = await paidWithStripe(request, baseURL as string);
    const money = `$${(order.pay_amount / 100).toFixed(2)}`;

    const admin = await newAdmin(request, baseURL as string);
    await signInAt(
      page,
      baseURL as string,
      `/admin/order/details?id=${order.id}`,
      admin.email,
      admin.password,
    );
    await expect(page.getByRole('heading', { name: `Order ${order.order_num}` })).toContainText('Paid');
    await page.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: `Refund order ${order.order_num}?` });
    await expect(dialog).toContainText(`${money} goes back to the payer through`);
    await dialog.getByLabel('Reason').fill('e2e: refund of a Stripe payment');
    await dialog.getByRole('button', { name: `Refund ${money}` }).click();
    await expect(dialog).toBeHidden();
    // Stripe's refund settled it (the stand-in refunds at once; its refund events confirm it).
    const refunds = page.locator('.ant-card').filter({ hasText: 'Credits reversed' });
    await expect(refunds.getByRole('row').filter({ hasText: `${order.order_num}R1` })).toContainText(
      'Refunded',
    );
    await expect(page.getByRole('heading', { name: `Order ${order.order_num}` })).toContainText('Refunded');

    // The payment intents mirror, kept by Stripe's webhooks: the intent, its order, all refunded
    // (a screen wide enough for every column: the grid draws only the columns in view).
    await page.setViewportSize({ width: 2400, height: 900 });
    await page.goto('/admin/stripe/payment-indent');
    const search = page.getByPlaceholder('Search payment intent, order number, team or plan');
    await search.fill(order.order_num);
    await search.press('Enter');
    const row = page.locator('.ag-row').filter({ hasText: order.order_num });
    await expect(row.getByRole('link', { name: order.order_num })).toBeVisible();
    await expect(row.getByText('Succeeded')).toBeVisible();
    // Its amount, and what was refunded of it: all of it.
    await expect(row.getByText(money)).toHaveCount(2);
    await expect(row.getByText('visa •••• 4242')).toBeVisible();
    await shot(page, 'admin-stripe-payment-intents-refunded-en');
    // Its events: the refund's among them, each with what the intent then said.
    await row.getByRole('button', { name: /^Events of payment intent / }).click();
    const events = page.getByRole('dialog');
    await expect(events.getByText('charge.refunded').first()).toBeVisible();
    await expect(
      events.getByText(`read back: Succeeded, received ${money}, refunded ${money}`).first(),
    ).toBeVisible();
  });

  test('a Pro subscriber on Stripe upgrades to Team: Stripe’s credit for the unused part, the card on file pays at once, with no Checkout page', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const { user } = await paidWithStripe(request, baseURL as string, 'pro_monthly');
    await signInAt(page, baseURL as string, '/usm/plan', user.email, user.password);
    const team = page.getByRole('region', { name: 'Team', exact: true });
    await team.getByRole('button', { name: 'Upgrade Team' }).click();
    await expect(page).toHaveURL(/\/account\/order\/confirm\?plan_id=/);
    // Paid moments ago: nearly the whole $19.00 is credited against Team's price.
    await expect(page.getByText('Unused part of your current plan', { exact: true })).toBeVisible();
    await expect(page.getByText(/^-\$1[89]\.\d\d$/)).toBeVisible();
    await shot(page, 'billing-stripe-upgrade-confirm-en');
    await page.getByRole('button', { name: 'Confirm and pay' }).click();
    const methods = page
      .getByRole('dialog', { name: 'Payment' })
      .getByRole('group', { name: 'Payment methods' });
    await methods.getByRole('button', { name: 'Card (Stripe)' }).click();
    // Straight back to the result page: Stripe charged the card that pays the subscription.
    await expect(page).toHaveURL(/\/payment\/result\?order_id=/);
    await expect(page.getByText('Payment received')).toBeVisible();
    await shot(page, 'billing-stripe-upgrade-result-en');
    await page.goto('/account/subscription');
    await expect(page.getByText('Team', { exact: true }).first()).toBeVisible();
  });

  test('a Pro plan paid on Stripe renews on Stripe: an admin sees its subscription and sets it to end at the period’s end, with a reason', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const { user } = await paidWithStripe(request, baseURL as string, 'pro_monthly');
    const admin = await newAdmin(request, baseURL as string);
    await page.setViewportSize({ width: 2400, height: 900 });
    await signInAt(page, baseURL as string, '/admin/stripe/subscription', admin.email, admin.password);
    const search = page.getByPlaceholder('Search subscription, customer, team or plan');
    // The team is the buyer's personal team, named after them: its unique part finds it.
    await search.fill(user.name.split(' ').at(-1) ?? '');
    await search.press('Enter');
    const row = page.locator('.ag-row').first();
    await expect(row.getByText('Active')).toBeVisible();
    // What Stripe charges each period, and its first invoice, paid.
    await expect(row.getByText('$19.00 / month')).toBeVisible();
    await expect(row.getByText('$19.00 paid of $19.00')).toBeVisible();
    await shot(page, 'admin-stripe-subscriptions-en');
    await row.getByRole('button', { name: /^Cancel at period end subscription sub_/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('It renews no more; the period already paid is kept');
    await dialog.getByLabel('Reason').fill('e2e: the customer asked to stop renewing');
    await dialog.getByRole('button', { name: 'Cancel at period end' }).click();
    await expect(page.getByText(/^Subscription sub_\w+: it ends at the end of its period$/)).toBeVisible();
    await expect(row.getByText(/^Ends on /)).toBeVisible();
    await shot(page, 'admin-stripe-subscriptions-ending-en');
  });
  test('a Team subscriber on Stripe buys a downgrade to Pro: an admin sees its schedule and phases, and releases it with a reason (and the pages read in Chinese)', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const { user, auth } = await paidWithStripe(request, baseURL as string, 'team_monthly');
    // A downgrade is bought ahead: Stripe gets a schedule whose next phase is Pro at the period's end.
    expect((await payWithStripe(request, auth, 'pro_monthly')).kind).toBe('downgrade');
    const admin = await newAdmin(request, baseURL as string);
    const team = user.name.split(' ').at(-1) ?? '';
    let id = '';
    await expect
      .poll(async () => {
        const answer = await request.get(`/api/admin/stripe/schedules?q=${team}`, { headers: admin.auth });
        id = ((await answer.json()) as { items: { id: string }[] }).items[0]?.id ?? '';
        return id;
      })
      .toMatch(/^sub_sched_/);

    await page.setViewportSize({ width: 2400, height: 900 });
    await signInAt(page, baseURL as string, `/admin/stripe/schedule?q=${id}`, admin.email, admin.password);
    const row = page.locator('.ag-row').filter({ hasText: id });
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await expect(row.getByText('Keeps the subscription', { exact: true })).toBeVisible();
    await expect(row.getByText(/^Pro on /)).toBeVisible();
    await shot(page, 'admin-stripe-schedules-en');
    // Its phases: Team now, then Pro's paid period as a trial, in the drawer with the events.
    await row.getByRole('button', { name: `Phases and events of schedule ${id}` }).click();
    const drawer = page.getByRole('dialog', { name: `Schedule ${id}` });
    const phases = drawer.locator('.ant-table').first();
    await expect(phases.getByRole('row').filter({ hasText: 'Current' })).toContainText('$49.00 / month');
    await expect(phases.getByRole('row').filter({ hasText: 'Pro' })).toContainText('$19.00 / month');
    await expect(drawer.getByText('subscription_schedule.updated').first()).toBeVisible();
    await shot(page, 'admin-stripe-schedule-drawer-en');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await chooseChinese(page);
    await expect(page.getByRole('heading', { name: '订阅计划', level: 3 })).toBeVisible();
    await shot(page, 'admin-stripe-schedules-zh_CN');
    await row.getByRole('button', { name: `订阅计划 ${id} 的阶段和事件` }).click();
    const zhDrawer = page.getByRole('dialog', { name: `订阅计划 ${id}` });
    await expect(zhDrawer.locator('.ant-table').first().getByText('当前', { exact: true })).toBeVisible();
    await shot(page, 'admin-stripe-schedule-drawer-zh_CN');
    // Released from the drawer, with a reason: the subscription stays as it is, the status changes.
    await zhDrawer.getByRole('button', { name: '释放' }).click();
    const release = page.getByRole('dialog', { name: `释放订阅计划 ${id}？` });
    await release.getByLabel('原因').fill('e2e: the customer stays on Team');
    await shot(page, 'admin-stripe-schedule-release-zh_CN');
    await release.getByRole('button', { name: '释放' }).click();
    await expect(page.getByText(`订阅计划 ${id} 已释放`, { exact: true })).toBeVisible();
    await expect(zhDrawer.getByText('已释放', { exact: true }).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(row.getByText('已释放', { exact: true })).toBeVisible();

    await page.goto(`/admin/stripe/subscription?q=${team}`);
    await expect(page.locator('.ag-row').first().getByText('$49.00 / 月')).toBeVisible();
    await shot(page, 'admin-stripe-subscriptions-zh_CN');

    // The team's card pays Stripe's renewals: removing it says so first.
    await signInAt(page, baseURL as string, '/account/wallet/payment-method', user.email, user.password);
    const card = page.getByRole('list', { name: '已保存的银行卡' }).getByRole('listitem').first();
    await card.getByRole('button', { name: '移除' }).click();
    await expect(page.locator('.ant-popover').getByText(/^这张卡将支付 .* 的套餐续费/)).toBeVisible();
    await shot(page, 'payment-methods-renewal-zh_CN');
  });
});
