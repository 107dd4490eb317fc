import { expect, test } from '@playwright/test';
import { signUpByApi } from './support/session';

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
});
