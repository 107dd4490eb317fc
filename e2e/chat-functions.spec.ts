import { expect, test } from '@playwright/test';
import { newUser } from './support/accounts';
import { signUpByApi } from './support/session';
import { shot } from './support/ui';

/**
 * An analysis function asked for in chat (issue 24, Tools): the welcome's example runs Ads wasted
 * spend through the assistant, the reply shows the run's grid and names its price with the
 * message's, and the link opens the same run on the analysis page, kept in the history.
 */

test('a chat question runs an analysis function: its grid and price in the reply, the run opened in Analysis', async ({
  page,
  baseURL,
}) => {
  await signUpByApi(page.request, baseURL as string, newUser('chat-fn'));
  await page.goto('/chat');
  await page.getByRole('button', { name: 'Google Ads wasted spend last month' }).click();

  const reply = page.getByRole('article', { name: 'Assistant' }).last();
  await expect(reply.getByText(/I ran Ads wasted spend over Last month/)).toBeVisible();
  await expect(reply.getByTestId('reply-grid').first()).toBeVisible();
  // The message (1 credit) and the function (5), each on its own hold, shown as one cost.
  await expect(reply.getByTestId('reply-cost')).toHaveText('Credits: 6 · Offline assistant');
  await shot(page, 'chat-function');

  await reply.getByRole('link', { name: 'Ads wasted spend' }).click();
  await expect(page).toHaveURL(/\/ai-table\/analysis\?run=/);
  await expect(page.getByText('Spend without conversions').first()).toBeVisible();
  await expect(page.getByText('Ads wasted spend').first()).toBeVisible();
});
