import { expect, type Page, test } from '@playwright/test';

/** Picks 简体中文 in the top bar's language drawer, as a user does, and closes it. */
export async function chooseChinese(page: Page) {
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('dialog', { name: 'Language' }).getByText('简体中文').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: '语言' })).toBeHidden();
}

/**
 * A screenshot of the whole page into the test's output: the admin shell scrolls its content pane,
 * not the document, so the viewport is made as tall as the content for the picture, then put back.
 */
export async function shot(page: Page, name: string) {
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  const height = await page.evaluate(() => {
    const pane = document.querySelector('.admin-shell__content');
    return pane ? pane.scrollHeight + (pane.getBoundingClientRect().top ?? 0) : document.body.scrollHeight;
  });
  await page.setViewportSize({ width: size.width, height: Math.max(size.height, Math.ceil(height)) });
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
  await page.setViewportSize(size);
}
