import { expect, type Page, test } from '@playwright/test';
import { newAdmin } from './support/admin';
import { signUpByApi } from './support/session';
import { chooseChinese } from './support/ui';

/** A readable order number: the day and a sequence (`20261125-000001`). */
const ORDER_NUM = /^\d{8}-\d{6}$/;

/** The credits figures of `/account/subscription`'s credits card, as numbers. */
async function creditFigures(page: Page) {
  const card = page.locator('.ant-card').filter({ has: page.getByText('Held by work in progress') });
  const figure = async (title: string) => {
    const statistic = card.locator('.ant-statistic').filter({ has: page.getByText(title, { exact: true }) });
    return Number(
      ((await statistic.locator('.ant-statistic-content').textContent()) ?? '').replace(/\D/g, ''),
    );
  };
  return {
    balance: await figure('Balance'),
    held: await figure('Held by work in progress'),
    available: await figure('Available'),
    granted: await figure('Granted this period'),
  };
}

/** The signed-in page's bearer header: the SPA sends its `app_token` cookie this way. */
async function bearerOf(page: Page) {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'app_token')?.value ?? '';
  return { authorization: `Bearer ${decodeURIComponent(token)}` };
}

/** The plan on sale named `name`, as the server answers it to the signed-in user. */
async function planNamed(page: Page, name: string) {
  const answer = await page.request.get('/api/usm/plans', { headers: await bearerOf(page) });
  expect(answer.status()).toBe(200);
  const { items } = (await answer.json()) as { items: { id: string; name: string; credits: number }[] };
  const plan = items.find((item) => item.name === name);
  expect(plan, `plan ${name}`).toBeTruthy();
  return plan as { id: string; name: string; credits: number };
}

test.describe('billing', () => {
  test('buy a plan with the sandbox provider from /usm/plan to /payment/result; the subscription and credits change; request an invoice, an admin issues it, download the PDF', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const user = await signUpByApi(page.request, baseURL as string);
    const pro = await planNamed(page, 'Pro');

    // Before: the free plan and its grant.
    await page.goto('/account/subscription');
    await expect(page.getByRole('heading', { name: 'Subscription', level: 3 })).toBeVisible();
    await expect(page.locator('.ant-card-head').filter({ hasText: 'Free' })).toBeVisible();
    const before = await creditFigures(page);
    expect(before.granted).toBeLessThan(pro.credits);

    // The pricing page, reached from the subscription page's Upgrade.
    await page.getByRole('button', { name: 'Upgrade' }).click();
    await expect(page).toHaveURL(/\/usm\/plan$/);
    await expect(page.getByText('Test mode', { exact: true })).toBeVisible();
    const proCard = page.getByRole('region', { name: 'Pro', exact: true });
    await expect(proCard.getByText('Current plan')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Free', exact: true }).locator('.ant-tag')).toHaveText(
      'Current plan',
    );
    await page.screenshot({ path: test.info().outputPath('billing-plans-en.png'), fullPage: true });
    await proCard.getByRole('button', { name: 'Subscribe Pro' }).click();

    // Confirm: the order and its unpaid bill, then the payment dialog.
    await expect(page).toHaveURL(`/account/order/confirm?plan_id=${pro.id}`);
    await page.getByRole('button', { name: 'Confirm and pay' }).click();
    const dialog = page.getByRole('dialog', { name: 'Payment' });
    await expect(dialog.getByText(ORDER_NUM)).toBeVisible();
    await expect(dialog.getByText('Pro · 1 month')).toBeVisible();
    await expect(dialog.getByText('Payable amount')).toBeVisible();
    await expect(dialog.getByText('Test mode', { exact: true })).toBeVisible();
    const orderNum = (await dialog.getByText(ORDER_NUM).textContent()) ?? '';
    await page.screenshot({ path: test.info().outputPath('billing-payment-dialog-en.png') });

    // Location is not cn: a button per provider this server offers (the sandbox and Stripe here),
    // each straight to that provider's page: no page of the app's own in between.
    const methods = dialog.getByRole('group', { name: 'Payment methods' });
    await expect(methods.getByRole('button')).toHaveText(['Sandbox (test mode)', 'Card (Stripe)']);
    await methods.getByRole('button', { name: 'Sandbox (test mode)' }).click();

    // The app's hosted sandbox page, which says it is test mode: the payment fails first.
    await expect(page).toHaveURL(/\/api\/payments\/sandbox\/checkout/);
    await expect(page.getByText('Test mode', { exact: true })).toBeVisible();
    await expect(page.getByText(orderNum)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('billing-sandbox-hosted.png'), fullPage: true });
    await page.getByRole('button', { name: 'Fail', exact: true }).click();
    await page.getByRole('link', { name: 'Back to the app' }).click();

    // Back in the app: it says the payment failed (not "waiting"), and offers to try again.
    await expect(page).toHaveURL(/\/payment\?bill_id=.+&order_id=.+/);
    await expect(page.getByText('The payment failed')).toBeVisible();
    await expect(page.getByText('Waiting for your payment…')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('billing-payment-failed-en.png'), fullPage: true });
    await page
      .getByRole('group', { name: 'Payment methods' })
      .getByRole('button', { name: 'Sandbox (test mode)' })
      .click();
    await expect(page).toHaveURL(/\/api\/payments\/sandbox\/checkout/);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    await expect(page).toHaveURL(/\/payment\/result\?order_id=/);
    await expect(page.getByText('Payment received')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('billing-payment-result-en.png'), fullPage: true });

    // The subscription is Pro now, and the period's credits were granted.
    await page.getByRole('button', { name: 'View subscription' }).click();
    await expect(page).toHaveURL(/\/account\/subscription$/);
    const plan = page.locator('.ant-card-head').filter({ hasText: 'Pro' });
    await expect(plan.getByText('Active')).toBeVisible();
    await expect.poll(async () => (await creditFigures(page)).granted).toBe(pro.credits);
    const after = await creditFigures(page);
    expect(after).toEqual({ balance: pro.credits, held: 0, available: pro.credits, granted: pro.credits });
    // The ledger explains the balance: the Pro grant is its newest entry, and the Free grant's
    // expiry names Free (the plan whose credits expired), not Pro.
    const grant = page
      .locator('.ag-row')
      .filter({ hasText: 'Granted' })
      .filter({ hasText: `+${pro.credits}` });
    await expect(grant).toBeVisible();
    await expect(grant.getByText('Credits of Pro for this period')).toBeVisible();
    await expect(page.locator('.ag-row').filter({ hasText: 'Unused credits of Free expired' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('billing-subscription-en.png'), fullPage: true });

    // The overview's credits bar shows the same figures, with no warning while plenty remains.
    await page.goto('/pc/personal-index');
    await expect(page.getByText(`Balance ${pro.credits / 1000}K · held 0`)).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);

    // The usage chart is AG Charts, drawn in the browser (mocked in jsdom).
    await page.goto('/account/usage');
    const chart = page.locator('.ant-card').filter({ hasText: 'Credits per day' });
    await expect(chart.locator('canvas').first()).toBeVisible();

    // Now on Pro monthly, Pro paid by the year is a switch of period, not an upgrade or a downgrade.
    await page.goto('/usm/plan');
    await expect(
      page
        .getByRole('region', { name: 'Pro (yearly)', exact: true })
        .getByRole('button', { name: 'Switch to yearly Pro (yearly)' }),
    ).toBeVisible();

    // The order is paid, and an invoice can be requested for it: its row's Details opens it.
    await page.goto('/account/orders');
    const orderRow = page.locator('.ag-row').filter({ hasText: orderNum });
    await expect(orderRow.first()).toBeVisible();
    await expect(page.getByRole('button', { name: `Pay order ${orderNum}` })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('billing-orders-en.png'), fullPage: true });
    await page.getByRole('button', { name: `Details of order ${orderNum}` }).click();
    await expect(page).toHaveURL(/\/account\/order\/details\?id=/);
    await expect(
      page.locator('.ant-card-head').filter({ hasText: orderNum }).getByText('Paid'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Request an invoice' }).click();
    const invoiceForm = page.locator('.ant-modal').filter({ hasText: 'Request an invoice' });
    await expect(invoiceForm.getByText(orderNum)).toBeVisible();
    await invoiceForm.getByLabel('Invoice title').fill('Acme Marketing Ltd');
    await invoiceForm.getByLabel('Tax number').fill('FR-12345');
    await invoiceForm.getByLabel('E-mail').fill(user.email);
    await invoiceForm.getByLabel('Address').fill('1 Main Street, Paris');
    await invoiceForm.getByRole('button', { name: 'Request the invoice' }).click();
    const row = page.locator('.ag-row').filter({ hasText: orderNum });
    await expect(row.getByText('Requested')).toBeVisible();
    await row.getByText('Acme Marketing Ltd').click();
    await expect(page).toHaveURL(/\/account\/invoice\/details\?id=/);
    const invoiceUrl = page.url();
    const invoiceId = new URL(invoiceUrl).searchParams.get('id') ?? '';

    // An admin issues it (over the API: the admin invoice pages are the admin billing journey's).
    const issuer = await newAdmin(request, baseURL as string, 'admin');
    const issued = await request.post(`/api/admin/invoices/${invoiceId}/issue`, {
      headers: issuer.auth,
      data: { note: '' },
    });
    expect(issued.status(), await issued.text()).toBe(200);
    const { invoice } = (await issued.json()) as { invoice: { status: string; order_num: string } };
    expect(invoice).toMatchObject({ status: 'issued', order_num: orderNum });

    // The user downloads the PDF. A new window opens on the short-lived signed link and downloads
    // it (it closes as soon as the download starts, sometimes before its download event can be
    // heard): read the link's answer, and fetch the same link to look at the bytes.
    await page.goto(invoiceUrl);
    await expect(page.locator('.ant-card-head').getByText('Issued')).toBeVisible();
    const served = page
      .context()
      .waitForEvent('response', (response) => response.url().includes('/api/invoices/download?token='));
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const answer = await served;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toContain('application/pdf');
    expect(answer.headers()['content-disposition']).toMatch(/attachment;.*\.pdf/);
    const bytes = await (await page.request.get(answer.url())).body();
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('credits running out: the overview warns, then says none are left', async ({
    page,
    request,
    baseURL,
  }) => {
    await signUpByApi(page.request, baseURL as string);
    const me = (await (
      await page.request.get('/api/user/basic-infos', { headers: await bearerOf(page) })
    ).json()) as {
      team: { id: string };
      usm_quota: { credits_granted: number; credits_available: number };
    };
    const granted = me.usm_quota.credits_granted;
    expect(granted).toBeGreaterThan(0);
    const { auth: admin } = await newAdmin(request, baseURL as string, 'admin');
    // An operator takes credits through the recorded adjustment (nothing else spends them yet).
    const take = async (amount: number) => {
      const answer = await request.post(`/api/admin/usm/credits/${me.team.id}/adjust`, {
        headers: admin,
        data: { amount: -amount, reason: 'e2e: credits running out' },
      });
      expect(answer.status(), await answer.text()).toBe(200);
    };

    // Just above 10% of the grant: no warning.
    await take(me.usm_quota.credits_available - Math.floor(granted * 0.1) - 1);
    await page.goto('/pc/personal-index');
    await expect(page.getByText('Credits', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);

    // At 10%: running low, with the way to top up.
    await take(1);
    await page.reload();
    await expect(page.getByRole('alert')).toContainText('Credits are running low.');
    await expect(page.getByRole('alert').getByRole('link', { name: 'Top up' })).toHaveAttribute(
      'href',
      '/usm/plan',
    );

    // Nothing left.
    await take(Math.floor(granted * 0.1));
    await page.reload();
    await expect(page.getByRole('alert')).toContainText('No credits left.');
    await page.screenshot({ path: test.info().outputPath('billing-credits-empty-en.png'), fullPage: true });
    await page.goto('/account/subscription');
    expect((await creditFigures(page)).available).toBe(0);
  });

  test('in Chinese: the plans, the payment dialog, the provider’s page and the credit history', async ({
    page,
    baseURL,
  }) => {
    await signUpByApi(page.request, baseURL as string);
    await page.goto('/usm/plan');
    await chooseChinese(page);
    await expect(page.getByRole('heading', { name: '套餐', level: 2 })).toBeVisible();
    await expect(page.getByText('测试模式', { exact: true })).toBeVisible();
    // Seeded plan names are labels too (issue 18): Free reads 免费 and Pro 专业版.
    await expect(page.getByRole('region', { name: '免费', exact: true }).locator('.ant-tag')).toHaveText(
      '当前套餐',
    );
    await page.screenshot({ path: test.info().outputPath('billing-plans-zh_CN.png'), fullPage: true });

    await page
      .getByRole('region', { name: '专业版', exact: true })
      .getByRole('button', { name: '订阅 专业版' })
      .click();
    await expect(page.getByRole('heading', { name: '确认订单', level: 3 })).toBeVisible();
    await page.getByRole('button', { name: '确认并支付' }).click();
    const dialog = page.getByRole('dialog', { name: '支付' });
    await expect(dialog.getByText('应付金额')).toBeVisible();
    await expect(dialog.getByText('专业版 · 1 个月')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('billing-payment-dialog-zh_CN.png') });

    // Straight to the provider the payer picks: here the sandbox's hosted page, in Chinese too.
    await dialog.getByRole('button', { name: '沙盒（测试模式）' }).click();
    await expect(page).toHaveURL(/\/api\/payments\/sandbox\/checkout/);
    await page.screenshot({
      path: test.info().outputPath('billing-sandbox-hosted-zh_CN.png'),
      fullPage: true,
    });
    await page.getByRole('button', { name: '支付', exact: true }).click();
    await expect(page).toHaveURL(/\/payment\/result\?order_id=/);

    // The credit history's notes read in Chinese, seeded plan names too; the Free grant's expiry
    // names Free.
    await page.goto('/account/subscription');
    await expect(page.getByText('周期结束时', { exact: true })).toBeVisible();
    await expect(page.locator('.ag-row').filter({ hasText: '专业版本期积分' })).toBeVisible();
    await expect(page.locator('.ag-row').filter({ hasText: '免费未用完的积分已过期' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('billing-subscription-zh_CN.png'), fullPage: true });
  });
});
