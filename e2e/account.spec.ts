import { type Browser, expect, type Page, test } from '@playwright/test';
import { newUser } from './support/accounts';
import { waitForMail } from './support/mailbox';
import { expectChatLayout, signInByForm, signUpByApi } from './support/session';
import { totpCode } from './support/totp';

/** Signs out through the user menu, as a user would. */
async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
}

/** Types a 6-digit code into the security-code widget, box by box like a keyboard would. */
async function typeCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code, { delay: 30 });
}

/** A new browser context signed in as a fresh user (its own cookies). */
async function signedInContext(browser: Browser, baseURL: string, label: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const user = await signUpByApi(page.request, baseURL, newUser(label));
  return { context, page, user };
}

test.describe('account area', () => {
  test('change the password, then sign in with the new one (the old one no longer works)', async ({
    page,
    baseURL,
  }) => {
    const user = await signUpByApi(page.request, baseURL as string);
    await page.goto('/account/security');
    await expect(page.getByRole('heading', { name: 'Security', level: 3 })).toBeVisible();

    const card = page.locator('.ant-card').filter({ hasText: 'Current password' });
    await card.getByLabel('Current password').fill(user.password);
    await card.getByLabel('New password').fill('New-secret-pass-42');
    await card.getByLabel('Confirm password').fill('New-secret-pass-43');
    await card.getByRole('button', { name: 'Change password' }).click();
    // The spec's rule: the two passwords must match; nothing is sent until they do.
    await expect(card.getByText('The two passwords do not match')).toBeVisible();
    await card.getByLabel('Confirm password').fill('New-secret-pass-42');
    await card.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your password has been changed').first()).toBeVisible();

    await signOut(page);
    await signInByForm(page, user.email, user.password);
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await signInByForm(page, user.email, 'New-secret-pass-42');
    await expectChatLayout(page);
  });

  test('turn on two-factor sign-in, then sign in with a code from the authenticator app', async ({
    page,
    baseURL,
  }) => {
    const user = await signUpByApi(page.request, baseURL as string);
    await page.goto('/account/security');
    const card = page.locator('.ant-card').filter({ hasText: 'Two-factor authentication' });
    await card.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await card.getByLabel('Current password').fill(user.password);
    await card.getByRole('button', { name: 'Continue' }).click();

    // What a phone would scan: the otpauth link carries the secret.
    const link = card.getByRole('link', { name: 'On this phone? Open the authenticator app' });
    const uri = (await link.getAttribute('href')) ?? '';
    const secret = new URL(uri).searchParams.get('secret') ?? '';
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    await typeCode(page, totpCode(secret));
    await expect(page.getByText('Two-factor authentication is on').first()).toBeVisible();
    await card.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await expect(card.getByText('On', { exact: true })).toBeVisible();

    await signOut(page);
    await signInByForm(page, user.email, user.password);
    // The second step: six boxes; the code is sent as soon as the sixth digit is in.
    await expect(page.getByRole('textbox', { name: 'Digit 1 of 6' })).toBeVisible();
    await typeCode(page, totpCode(secret));
    await expectChatLayout(page);
  });

  test('invite a second user to a team by e-mail; they verify their address and join it', async ({
    browser,
    baseURL,
  }) => {
    const base = baseURL as string;
    const owner = await signedInContext(browser, base, 'owner');
    const guest = await signedInContext(browser, base, 'guest');
    const teamName = `Growth ${Date.now().toString(36)}`;
    try {
      const { page } = owner;
      await page.goto('/account/team-manager');
      await page.getByRole('button', { name: 'New team' }).click();
      const dialog = page.getByRole('dialog', { name: 'New team' });
      await dialog.getByLabel('Team name').fill(teamName);
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expect(page.getByText(`${teamName} was created`)).toBeVisible();

      await page.getByRole('button', { name: 'Invite member' }).click();
      const invite = page.getByRole('dialog', { name: `Invite to ${teamName}` });
      await invite.getByLabel('E-mail').fill(guest.user.email);
      await invite.getByRole('button', { name: 'Send invite' }).click();
      await expect(invite.getByText(`Invitation e-mailed to ${guest.user.email}`)).toBeVisible();

      // The guest opens the link from the e-mail that really went out over SMTP.
      const link = await waitForMail(
        guest.user.email,
        /(https?:\/\/\S+\/teams\/accept-invite\?token=[\w-]+)/,
      );
      await guest.page.goto(new URL(link).pathname + new URL(link).search);
      await expect(guest.page.getByText(`Join ${teamName}`)).toBeVisible();
      // A fresh sign-up's address is unverified, and the server accepts only a verified one:
      // the page asks for the code mailed to it, then joins at once.
      await expect(guest.page.getByText('Verify your e-mail address to accept')).toBeVisible();
      await expect(guest.page.getByRole('button', { name: 'Accept and join' })).toHaveCount(0);
      await guest.page.getByRole('button', { name: 'Send verification code' }).click();
      const code = await waitForMail(guest.user.email, /code is (\d{6})/);
      await typeCode(guest.page, code);
      await expect(guest.page).toHaveURL(/\/account\/team-manager$/);
      await expect(guest.page.getByText(`Welcome to ${teamName}`)).toBeVisible();

      // The owner sees the new member.
      await page.reload();
      await expect(page.getByRole('cell', { name: guest.user.email })).toBeVisible();
    } finally {
      await owner.context.close();
      await guest.context.close();
    }
  });

  test('an invite link sends a signed-out visitor to sign in first, and back', async ({ page }) => {
    await page.goto('/teams/accept-invite?token=abc');
    await expect(page).toHaveURL(/\/login\?next=%2Fteams%2Faccept-invite%3Ftoken%3Dabc$/);
  });

  test('the mobile personal center at 375 px: every account page inside the mobile shell and back, settings, no sideways scrolling', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      const page = await context.newPage();
      const user = await signUpByApi(page.request, baseURL as string, newUser('mobile'));
      await page.goto('/moblie/personal-center');
      await expect(page.getByRole('heading', { name: 'Personal center' })).toBeVisible();
      await expect(page.getByText(user.name, { exact: true })).toBeVisible();
      const tabs = page.getByRole('navigation', { name: 'Main menu' });
      await expect(tabs.getByRole('link', { name: 'Me' })).toHaveAttribute('aria-current', 'page');
      const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      expect(fits).toBe(true);

      // Every account page opens from the personal center inside the mobile shell (its header
      // and the bottom menu), fits the phone, and its back arrow returns to the personal center.
      const entries = await page
        .locator('nav[aria-label] .mobile-cells a')
        .evaluateAll((links) =>
          links.map((link) => [link.textContent ?? '', link.getAttribute('href') ?? '']),
        );
      expect(entries.length).toBeGreaterThanOrEqual(15);
      for (const [label, href] of entries) {
        await page.locator(`.mobile-cells a[href="${href}"]`).click();
        await expect(page).toHaveURL(new RegExp(`${href}$`));
        await expect(page.locator('.mobile-page-header').getByRole('heading', { name: label })).toBeVisible();
        await expect(tabs.getByRole('link', { name: 'Me' })).toHaveAttribute('aria-current', 'page');
        const pageFits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
        expect(pageFits, `${href} fits 375 px`).toBe(true);
        await page.locator('.mobile-page-header').getByRole('link', { name: 'Back' }).click();
        await expect(page).toHaveURL(/\/moblie\/personal-center$/);
      }
      // The plan summary opens the subscription.
      await page.getByRole('link', { name: /^Plan/ }).click();
      await expect(page).toHaveURL(/\/account\/subscription$/);
      await page.screenshot({ path: 'test-results/mobile-subscription.png' });
      await page.goBack();

      await page.getByRole('link', { name: 'Settings' }).click();
      await expect(page).toHaveURL(/\/moblie\/personal-settings$/);
      await page.getByText('Dark', { exact: true }).click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await page.screenshot({ path: 'test-results/mobile-personal-settings.png' });

      await tabs.getByRole('link', { name: 'Chat' }).click();
      await expect(page).toHaveURL(/\/chat$/);
    } finally {
      await context.close();
    }
  });
});
