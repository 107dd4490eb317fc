import type { Page } from '@playwright/test';

/**
 * Names that read the same in every language: products, providers, formats, units and codes a
 * person is meant to see as they are (a currency, a file type). WeChat and Alipay are not among
 * them: in Chinese they are 微信 and 支付宝. Anything else in Latin letters on
 * a Chinese page is English the seeds do not translate, or a code shown raw.
 */
export const SAME_IN_EVERY_LANGUAGE = [
  'Marketing AI Workspace',
  'Analytics Admin',
  'Analytics Data',
  'GAQL',
  'SQL',
  'Markdown',
  'Word',
  'Token',
  'Google',
  'Google Analytics',
  'Google Search Console',
  'Google Ads',
  'Search Console',
  'GA4',
  'GSC',
  'Stripe',
  'OpenAI',
  'Anthropic',
  'Gemini',
  'OAuth',
  'Webhook',
  // key formats and the names WeChat Pay's and Alipay's own Chinese documents use
  'APIv3',
  'PEM',
  'RSA',
  'RSA2',
  'TOTP',
  'SMTP',
  'API',
  'APIs',
  'REST',
  'URL',
  'ID',
  'IP',
  'AI',
  'PDF',
  'CSV',
  'XLSX',
  'JSON',
  'PNG',
  'JPG',
  'JPEG',
  'GIF',
  'WEBP',
  'SVG',
  'USD',
  'EUR',
  'CNY',
  'HKD',
  'GBP',
  'KB',
  'MB',
  'GB',
  'TB',
  'English',
  'Français',
  // browsers, systems and apps a device or an authenticator is named by
  'Chrome',
  'Firefox',
  'Safari',
  'Edge',
  'Windows',
  'macOS',
  'Linux',
  'Android',
  'iOS',
  'Google Authenticator',
  'Microsoft Authenticator',
  '1Password',
];

/**
 * Visible texts on the page (text, placeholders, tooltips shown) that are codes or English in a
 * Chinese UI: snake_case or SCREAMING_CASE tokens, or Latin words that are not user data
 * (`userData`: names, e-mails, titles the walk typed) nor a name that reads the same everywhere.
 */
export async function untranslatedTexts(page: Page, userData: readonly string[] = []): Promise<string[]> {
  return page.evaluate(
    ({ allowed, userData }) => {
      const found = new Set<string>();
      const visible = (element: Element | null) =>
        element instanceof HTMLElement &&
        element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
        !element.closest('[translate="no"], code, kbd, pre, script, style, noscript, svg, .ag-hidden');
      const check = (raw: string) => {
        let text = raw.replace(/\s+/g, ' ').trim();
        if (!text) return;
        // Names first: a user called "Admin" must not cut "Analytics Admin" in two.
        for (const name of allowed) text = text.split(name).join(' ');
        for (const data of userData) if (data) text = text.split(data).join(' ');
        text = text
          // e-mail addresses, URLs and paths, ids and versions
          .replace(/[\w.+-]+@[\w.-]+\.\w+/g, ' ')
          .replace(/\bhttps?:\/\/\S+/g, ' ')
          // ids shown as they are (a run, a message): hex letters are not words
          .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, ' ')
          .replace(/(^|\s)\/[\w/.?=&%{}-]*/g, ' ')
          .replace(/\bv?\d[\w.:-]*/g, ' ')
          // dotted identifiers an admin reads as written: permission codes, job and action names
          .replace(/\b[a-z][\w-]*(?:\.[\w*-]+)+/g, ' ');
        const code = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b|\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/.exec(text);
        const english = /\b[A-Za-z][a-z]{2,}\b|\b[A-Z]{4,}\b/.exec(text);
        if (code || english) found.add(raw.replace(/\s+/g, ' ').trim().slice(0, 80));
      };
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (visible(node.parentElement)) check(node.textContent ?? '');
      }
      for (const input of document.querySelectorAll('input[placeholder], textarea[placeholder]')) {
        if (visible(input) && !(input as HTMLInputElement).value)
          check(input.getAttribute('placeholder') ?? '');
      }
      return [...found];
    },
    { allowed: [...SAME_IN_EVERY_LANGUAGE].sort((a, b) => b.length - a.length), userData: [...userData] },
  );
}
