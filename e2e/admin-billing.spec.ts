import { type APIRequestContext, expect, test } from '@playwright/test';
import { newUser } from './support/accounts';
import { apiToken, newAdmin, signInAt } from './support/admin';
import { buyPlan } from './support/purchase';
import { signUpByApi } from './support/session';
import { chooseChinese, shot } from './support/ui';

/**
 * A user of their own team with a paid Pro order (sandbox provider, paid on its hosted page) and,
 * when `invoice` is given, an invoice requested for it: the user side of the journey, made over
 * the API (its pages are another journey's).
 */
async function paidOrder(request: APIRequestContext, baseURL: string, invoice?: { title: string }) {
  const user = await signUpByApi(request, baseURL, newUser('buyer'));
  const auth = await apiToken(request, user.email, user.password);
  const { order, credits } = await buyPlan(request, auth, 'Pro');
  if (invoice) {
    const requested = await request.post('/api/account/invoices', {
      headers: auth,
      data: {
        order_id: order.id,
        title: invoice.title,
        tax_number: 'FR-12345',
        email: user.email,
        address: '1 Main Street, Paris',
      },
    });
    expect(requested.status(), await requested.text()).toBe(200);
  }
  return { user, auth, order, credits };
}

test.describe('admin billing', () => {
  test('an admin issues the invoice a user requested and downloads the PDF; the order shows its ledger', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const title = `Acme ${Date.now().toString(36)}`;
    const { order, credits } = await paidOrder(request, baseURL as string, { title });

    const admin = await newAdmin(request, baseURL as string);
    await signInAt(page, baseURL as string, '/admin/invoice', admin.email, admin.password);
    await page
      .getByPlaceholder('Search order number, title, tax number, e-mail or team')
      .fill(order.order_num);
    await page.getByPlaceholder('Search order number, title, tax number, e-mail or team').press('Enter');
    const row = page.locator('.ag-row').filter({ hasText: title });
    await expect(row.getByText('Requested')).toBeVisible();
    await expect(row.getByText(`$${(order.pay_amount / 100).toFixed(2)}`)).toBeVisible();
    await shot(page, 'admin-invoices-en');
    await row.getByText(title).click();

    await expect(page).toHaveURL(/\/admin\/invoice\/details\?id=/);
    await expect(page.getByRole('heading', { name: `Invoice for order ${order.order_num}` })).toBeVisible();
    await page.getByRole('button', { name: 'Issue' }).click();
    const dialog = page.getByRole('dialog', { name: `Issue the invoice for order ${order.order_num}?` });
    await expect(dialog).toContainText(`made out to ${title}`);
    await shot(page, 'admin-invoice-issue-en');
    await dialog.getByRole('button', { name: 'Issue' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('.ant-descriptions').getByText(/^INV-/)).toBeVisible();
    await expect(page.getByRole('heading').getByText('Issued')).toBeVisible();
    await shot(page, 'admin-invoice-issued-en');

    // The PDF opens in a new window through a short-lived signed link. The window may close as the
    // download starts, before its download event is heard: read the link's answer, then the bytes.
    const served = page
      .context()
      .waitForEvent('response', (response) => response.url().includes('/api/invoices/download?token='));
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const answer = await served;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toContain('application/pdf');
    const bytes = await (await page.request.get(answer.url())).body();
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // The order behind it: paid, with the grant it caused in the ledger, and its invoice.
    await page.getByRole('link', { name: order.order_num }).click();
    await expect(page).toHaveURL(`/admin/order/details?id=${order.id}`);
    const ledger = page.locator('.ant-card').filter({ hasText: 'Credit ledger entries' });
    await expect(ledger.getByText(`+${credits.toLocaleString('en-US')}`)).toBeVisible();
    await expect(page.locator('.ant-descriptions').getByRole('link', { name: 'Issued' })).toBeVisible();
    await shot(page, 'admin-order-details-en');

    await chooseChinese(page);
    await expect(page.getByRole('heading', { name: `订单 ${order.order_num}` })).toBeVisible();
    await shot(page, 'admin-order-details-zh_CN');
    await page.goBack();
    await expect(page.getByRole('heading', { name: `订单 ${order.order_num} 的发票` })).toBeVisible();
    await shot(page, 'admin-invoice-issued-zh_CN');
  });

  test('a part refund, then the rest, each after a confirm: the credits are reversed in shares, the subscription cut back by the last; the financial report adds up with its charts drawn', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const { order, auth, credits } = await paidOrder(request, baseURL as string);

    const admin = await newAdmin(request, baseURL as string);
    await signInAt(
      page,
      baseURL as string,
      `/admin/order/details?id=${order.id}`,
      admin.email,
      admin.password,
    );
    await expect(page.getByRole('heading', { name: `Order ${order.order_num}` })).toContainText('Paid');
    const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    const half = Math.floor(order.pay_amount / 2);
    const firstShare = Math.floor((credits * half) / order.pay_amount);

    // A part: the amount asked, the credits its share, the plan goes on.
    await page.getByRole('button', { name: 'Refund' }).click();
    let dialog = page.getByRole('dialog', { name: `Refund order ${order.order_num}?` });
    await expect(dialog.getByText(`At most ${money(order.pay_amount)}`)).toBeVisible();
    await dialog.getByLabel('Amount to refund').fill((half / 100).toFixed(2));
    await expect(dialog).toContainText(
      `The ${firstShare.toLocaleString('en-US')} credits this refund stands for are taken back`,
    );
    await expect(dialog).toContainText('A part refund: the subscription it paid for goes on.');
    await dialog.getByLabel('Reason').fill('e2e: part refund on request');
    await shot(page, 'admin-refund-part-confirm-en');
    await dialog.getByRole('button', { name: `Refund ${money(half)}` }).click();
    await expect(dialog).toBeHidden();
    const refunds = page.locator('.ant-card').filter({ hasText: 'Credits reversed' });
    await expect(refunds.getByRole('row').filter({ hasText: `${order.order_num}R1` })).toContainText(
      'Refunded',
    );
    await expect(page.getByRole('heading', { name: `Order ${order.order_num}` })).toContainText('Paid');

    // The rest: offered in full, and it closes the order.
    await page.getByRole('button', { name: 'Refund' }).click();
    dialog = page.getByRole('dialog', { name: `Refund order ${order.order_num}?` });
    const rest = order.pay_amount - half;
    await expect(dialog.getByText(`At most ${money(rest)}`)).toBeVisible();
    await expect(dialog).toContainText(
      `The ${(credits - firstShare).toLocaleString('en-US')} credits this refund stands for are taken back`,
    );
    await dialog.getByLabel('Reason').fill('e2e: refund on request');
    await dialog.getByRole('button', { name: `Refund ${money(rest)}` }).click();
    await expect(dialog).toBeHidden();

    await expect(page.getByRole('heading', { name: `Order ${order.order_num}` })).toContainText('Refunded');
    await expect(refunds.getByText('e2e: refund on request')).toBeVisible();
    await expect(refunds.getByRole('row').filter({ hasText: `${order.order_num}R2` })).toContainText(
      'Refunded',
    );
    const ledger = page.locator('.ant-card').filter({ hasText: 'Credit ledger entries' });
    // Each refund's own share in the ledger, never a running total.
    const shares = [firstShare, credits - firstShare];
    for (const share of new Set(shares)) {
      await expect(ledger.getByText(`-${share.toLocaleString('en-US')}`, { exact: true })).toHaveCount(
        shares.filter((other) => other === share).length,
      );
    }
    await expect(page.getByRole('button', { name: 'Refund' })).toHaveCount(0);
    await shot(page, 'admin-order-refunded-en');

    // The team is back on the free plan, without the refunded grant.
    const mine = (await (await request.get('/api/account/subscription', { headers: auth })).json()) as {
      subscription: { is_default_plan: boolean };
      credits: { balance: number };
    };
    expect(mine.subscription.is_default_plan).toBe(true);
    expect(mine.credits.balance).toBeLessThan(credits);

    // The report counts the payment as revenue and the refund as a refund, and every breakdown
    // shows the same totals; the charts are drawn (AG Charts, loaded lazily).
    await page.goto('/admin/financial?currency=USD');
    await expect(
      page.getByText('Every breakdown adds up to the totals, and net is revenue less refunds.'),
    ).toBeVisible();
    await expect(page.locator('[role="img"] canvas').first()).toBeVisible();
    await expect(page.locator('[role="img"] canvas')).toHaveCount(4);
    const revenue = await page
      .locator('.ant-statistic')
      .filter({ hasText: 'Revenue' })
      .locator('.ant-statistic-content')
      .textContent();
    const byMethodTotal = await page
      .getByRole('table', { name: 'Revenue by payment method' })
      .locator('tr')
      .filter({ hasText: 'Total' })
      .locator('td')
      .nth(1)
      .textContent();
    expect(byMethodTotal).toBe(revenue);
    await shot(page, 'admin-financial-en');

    await chooseChinese(page);
    await expect(page.getByText('各项明细之和均等于合计，净额等于收入减退款。')).toBeVisible();
    await shot(page, 'admin-financial-zh_CN');
    await page.goto('/admin/usm/subscription');
    await expect(page.getByRole('heading', { name: '订阅', level: 3 })).toBeVisible();
    await shot(page, 'admin-subscriptions-zh_CN');
    await page.goto('/admin/usm/resources/credits');
    await expect(page.locator('.ag-row').first()).toBeVisible();
    await shot(page, 'admin-credits-zh_CN');
    await page.goto('/admin/usm/resources/summary');
    await expect(page.getByRole('heading', { name: '资源概览', level: 3 })).toBeVisible();
    await shot(page, 'admin-resources-summary-zh_CN');
  });
});
