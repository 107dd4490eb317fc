import { expect, test } from '@playwright/test';
import { signUpByApi } from './support/session';
import { chooseChinese } from './support/ui';

/**
 * Saved cards (`/account/wallet/payment-method`, issue 27 item 8) as a customer keeps them,
 * against the Stripe stand-in the run starts (global-setup): "Add a card" leads to Stripe's page
 * (another origin) that saves a card without a charge, back in the app the first card is the
 * default; a second card is made the default; removing it passes the default back; the page
 * reads in Chinese too.
 */
test.describe('saved cards with Stripe (stand-in)', () => {
  test('add two cards on Stripe’s page, choose the default, remove one', async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    await signUpByApi(page.request, baseURL as string);
    await page.goto('/account/wallet/payment-method');
    await expect(page.getByRole('heading', { name: 'Payment methods' })).toBeVisible();
    await expect(page.getByText('No saved payment methods yet')).toBeVisible();

    await page.getByRole('button', { name: 'Add a card' }).click();
    await expect(page).toHaveURL(/\/c\/pay\/cs_test_/);
    await expect(page.getByRole('heading', { name: 'Save a card' })).toBeVisible();
    await expect(page.getByText('You will not be charged now.')).toBeVisible();
    // A declined card first: the page says so and nothing is saved; then a good card.
    await page.getByRole('button', { name: 'Use a declined card' }).click();
    await expect(page.getByRole('alert')).toContainText('Your card was declined.');
    await page.getByRole('button', { name: 'Save Visa •••• 4242' }).click();

    await expect(page).toHaveURL(/\/account\/wallet\/payment-method$/);
    await expect(page.getByText('Card saved: Visa •••• 4242')).toBeVisible();
    const cards = page.getByRole('list', { name: 'Saved cards' });
    const visa = cards.getByRole('listitem').filter({ hasText: 'Visa •••• 4242' });
    await expect(visa.getByText('Default', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Add a card' }).click();
    await page.getByRole('button', { name: 'Save Mastercard •••• 4444' }).click();
    await expect(page.getByText('Card saved: Mastercard •••• 4444')).toBeVisible();
    const master = cards.getByRole('listitem').filter({ hasText: 'Mastercard •••• 4444' });
    await expect(cards.getByRole('listitem')).toHaveCount(2);
    await expect(master.getByText('Default', { exact: true })).toHaveCount(0);

    await master.getByRole('button', { name: 'Make default' }).click();
    await expect(page.getByText('Mastercard •••• 4444 is now the default card')).toBeVisible();
    await expect(master.getByText('Default', { exact: true })).toBeVisible();
    await expect(visa.getByText('Default', { exact: true })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('payment-methods.png'), fullPage: true });

    await master.getByRole('button', { name: 'Remove' }).click();
    const ask = page.locator('.ant-popover').filter({ hasText: 'Remove Mastercard •••• 4444?' });
    await expect(
      ask.getByText('It is the default card: Visa •••• 4242 will be the default instead.'),
    ).toBeVisible();
    await ask.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('The card was removed')).toBeVisible();
    await expect(cards.getByRole('listitem')).toHaveCount(1);
    await expect(visa.getByText('Default', { exact: true })).toBeVisible();

    // Read from Stripe again after a reload: what Stripe keeps is what the page shows.
    await page.reload();
    await expect(cards.getByRole('listitem')).toHaveCount(1);

    await chooseChinese(page);
    await expect(page.getByRole('heading', { name: '支付方式' })).toBeVisible();
    await expect(page.getByRole('button', { name: '添加银行卡' })).toBeVisible();
    const zhCards = page.getByRole('list', { name: '已保存的银行卡' });
    await expect(
      zhCards.getByRole('listitem').filter({ hasText: 'Visa •••• 4242' }).getByText('默认'),
    ).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('payment-methods-zh.png'), fullPage: true });
  });
});
