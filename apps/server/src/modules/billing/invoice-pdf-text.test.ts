import {
  createInvoiceLink,
  issueInvoice,
  requestInvoice,
  type zInvoiceRequest,
} from '@app/contract/billing/invoices';
import { getMySubscription } from '@app/contract/billing/subscriptions';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { callEndpoint } from '../../test/call-endpoint';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';
import { buyPlan } from './billing.test-kit';
import { splitFontRuns } from './invoice-fonts';

/**
 * The text of each page line as an independent reader (pdf.js, not the pdfkit that wrote it)
 * finds it: items on one baseline joined left to right. Round-tripping through the PDF's own
 * ToUnicode maps fails when a glyph is missing or a font mangles the encoding.
 */
async function pdfLines(bytes: Buffer): Promise<string[]> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    disableFontFace: true,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  try {
    const lines = new Map<number, { x: number; str: string }[]>();
    for (let number = 1; number <= pdf.numPages; number++) {
      const content = await (await pdf.getPage(number)).getTextContent();
      for (const item of content.items) {
        if (!('str' in item) || item.str === '') continue;
        // One key per page and baseline; pages are far apart so they never mix.
        const y = number * 10_000 - Math.round(item.transform[5] ?? 0);
        const line = lines.get(y) ?? [];
        line.push({ x: item.transform[4] ?? 0, str: item.str });
        lines.set(y, line);
      }
    }
    return [...lines.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, items]) =>
        items
          .sort((a, b) => a.x - b.x)
          .map((item) => item.str)
          .join(''),
      );
  } finally {
    await pdf.destroy();
  }
}

/** Font programs embedded in the file (a standard font such as Helvetica embeds none). */
const embeddedFonts = (bytes: Buffer) => bytes.toString('latin1').match(/\/FontFile[23]?\b/g)?.length ?? 0;

/** A user pays for `plan`, asks for an invoice in `language`, an admin issues it; answers the PDF's lines. */
async function invoiceLines(
  t: TestApp,
  admin: Awaited<ReturnType<typeof signInAdmin>>,
  { plan, language }: { plan: string; language: string },
) {
  const user = await signUpUser(t.app);
  const bought = await buyPlan(t, user, plan);
  const asked = (
    await callEndpoint(t.app, requestInvoice, {
      as: user,
      headers: { 'accept-language': language },
      body: { order_id: bought.order.id, title: 'Acme Ltd', email: 'billing@acme.example' },
    })
  ).ok().invoice;
  // The admin reads English: the invoice is still written in the requester's language.
  await callEndpoint(t.app, issueInvoice, {
    as: admin,
    headers: { 'accept-language': 'en-US' },
    params: { id: asked.id },
    body: { note: '' },
  });
  const link = (
    await callEndpoint(t.app, createInvoiceLink, { as: user, params: { id: asked.id }, body: {} })
  ).ok();
  const res = await t.app.inject({ url: link.url });
  expect(res.statusCode).toBe(200);
  const subscription = (await callEndpoint(t.app, getMySubscription, { as: user })).ok().subscription;
  const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
  return {
    lines: await pdfLines(res.rawPayload),
    orderNum: bought.order.order_num,
    period: `${day(subscription.period_start)} – ${day(subscription.period_end ?? 0)}`,
  };
}

describe('invoice PDFs: the seller, the service bought and how it was paid, in the requester’s language', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;

  beforeAll(async () => {
    t = await createTestApp({
      INVOICE_SELLER_NAME: 'Marketing AI Workspace SAS',
      // One line in the environment; `\n` breaks it on the invoice.
      INVOICE_SELLER_ADDRESS: '10 rue de la Paix\\n75002 Paris, France',
      INVOICE_SELLER_TAX_ID: 'FR40123456789',
    });
    admin = await signInAdmin(t.app);
  });
  afterAll(() => t.close());

  it('in English: the seller’s name, address and tax ID, the plan’s service period, the provider that took the payment', async () => {
    const { lines, orderNum, period } = await invoiceLines(t, admin, {
      plan: 'pro_monthly',
      language: 'en-US',
    });
    expect(lines).toEqual(
      expect.arrayContaining([
        'INVOICE',
        'SELLER',
        'Marketing AI Workspace SAS',
        '10 rue de la Paix',
        '75002 Paris, France',
        'Tax number: FR40123456789',
        'BILL TO',
        'Acme Ltd',
        expect.stringMatching(new RegExp(`^Order number +${orderNum}$`)),
        expect.stringMatching(/^Item +Pro$/),
        expect.stringMatching(new RegExp(`^Service period +${period}$`)),
        expect.stringMatching(/^Payment method +Sandbox \(test mode\)$/),
        'Total: 19.00 USD',
      ]),
    );
    expect(lines.join('\n')).not.toMatch(/Payment method +-$/m);
  });

  it('in Chinese when asked for in Chinese: every label, the plan’s name and the provider’s name', async () => {
    const { lines, orderNum, period } = await invoiceLines(t, admin, {
      plan: 'pro_monthly',
      language: 'zh-CN',
    });
    expect(lines).toEqual(
      expect.arrayContaining([
        '发票',
        // A right-aligned line mixing fonts keeps its order (pdfkit would align each run alone).
        expect.stringMatching(/^开具日期：\d{4}-\d{2}-\d{2}$/),
        '销售方',
        'Marketing AI Workspace SAS',
        '税号：FR40123456789',
        '购买方',
        expect.stringMatching(new RegExp(`^订单号 +${orderNum}$`)),
        expect.stringMatching(/^商品 +专业版$/),
        expect.stringMatching(new RegExp(`^服务期间 +${period}$`)),
        expect.stringMatching(/^支付方式 +沙盒（测试模式）$/),
        '合计：19.00 USD',
      ]),
    );
    expect(lines.some((line) => /Invoice|Order number|Payment method|Total/.test(line))).toBe(false);
  });

  it('a credit pack’s credits never expire: the invoice says so, in the reader’s words, not a year', async () => {
    const en = await invoiceLines(t, admin, { plan: 'credits_1000', language: 'en-US' });
    expect(en.lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Item +1,000 credits$/),
        expect.stringMatching(/^Service period +Credits never expire$/),
      ]),
    );
    const zh = await invoiceLines(t, admin, { plan: 'credits_1000', language: 'zh-CN' });
    expect(zh.lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^商品 +1,000 积分$/),
        expect.stringMatching(/^服务期间 +积分永不过期$/),
      ]),
    );
  });
});

describe('invoice PDFs: every text the user typed comes back exactly, on any server', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t.app);
  });
  afterAll(() => t.close());

  /** A user pays, asks for an invoice with these fields, an admin issues it, the user downloads it. */
  async function issuedPdf(fields: Omit<z.input<typeof zInvoiceRequest>, 'order_id'>, note: string) {
    const user = await signUpUser(t.app);
    const bought = await buyPlan(t, user, 'pro_monthly');
    const asked = (
      await callEndpoint(t.app, requestInvoice, { as: user, body: { order_id: bought.order.id, ...fields } })
    ).ok().invoice;
    const issued = (
      await callEndpoint(t.app, issueInvoice, { as: admin, params: { id: asked.id }, body: { note } })
    ).ok().invoice;
    const link = (
      await callEndpoint(t.app, createInvoiceLink, { as: user, params: { id: asked.id }, body: {} })
    ).ok();
    const res = await t.app.inject({ url: link.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    return { bytes: res.rawPayload, issued, orderNum: bought.order.order_num };
  }

  it('a simplified Chinese title and address come back character for character', async () => {
    const { bytes, issued, orderNum } = await issuedPdf(
      { title: '上海某某科技有限公司', email: 'caiwu@example.cn', address: '上海市浦东新区世纪大道100号' },
      '感谢您的惠顾',
    );
    const lines = await pdfLines(bytes);
    expect(lines).toEqual(
      expect.arrayContaining([
        '上海某某科技有限公司',
        '上海市浦东新区世纪大道100号',
        '感谢您的惠顾',
        'caiwu@example.cn',
        expect.stringMatching(new RegExp(`^Order number +${orderNum}$`)),
        issued.invoice_number ?? 'an invoice number',
        'Total: 19.00 USD',
      ]),
    );
  });

  it('a traditional Chinese title and address come back character for character', async () => {
    const { bytes } = await issuedPdf(
      { title: '臺北市某某股份有限公司', email: 'billing@example.tw', address: '臺北市信義區市府路1號' },
      '感謝惠顧',
    );
    expect(await pdfLines(bytes)).toEqual(
      expect.arrayContaining(['臺北市某某股份有限公司', '臺北市信義區市府路1號', '感謝惠顧']),
    );
  });

  it('French accents, the typographic apostrophe and English come back exactly; a Latin-only invoice embeds no font', async () => {
    const { bytes } = await issuedPdf(
      {
        title: 'Société d’Études Œnologiques',
        tax_number: 'FR-12345678901',
        email: 'compta@example.fr',
        address: '12 rue de l’Église, Genève',
      },
      'Merci ! « Payé » — 100 € reçus',
    );
    expect(await pdfLines(bytes)).toEqual(
      expect.arrayContaining([
        'INVOICE',
        'BILL TO',
        'Société d’Études Œnologiques',
        'Tax number: FR-12345678901',
        '12 rue de l’Église, Genève',
        'Merci ! « Payé » — 100 € reçus',
      ]),
    );
    // Helvetica is one of PDF's standard fonts: nothing to embed, the file stays tiny.
    expect(embeddedFonts(bytes)).toBe(0);
    expect(bytes.length).toBeLessThan(8 * 1024);
  });

  it('one line mixing Chinese, French and English keeps its order and spaces; only the used CJK glyphs are embedded', async () => {
    const { bytes } = await issuedPdf(
      {
        title: 'ACME 上海分公司 (Genève)',
        email: 'billing@acme.example',
        address: '上海市黄浦区 12 rue de l’Église 臺北\n第二行 second line',
      },
      'Thank you / 谢谢 / 謝謝 / merci',
    );
    // Lines are read back by baseline: a run drawn a little higher or lower splits its line.
    const lines = await pdfLines(bytes);
    expect(lines).toEqual(
      expect.arrayContaining([
        'ACME 上海分公司 (Genève)',
        '上海市黄浦区 12 rue de l’Église 臺北',
        '第二行 second line',
        'Thank you / 谢谢 / 謝謝 / merci',
      ]),
    );
    expect(lines.indexOf('第二行 second line')).toBe(
      lines.indexOf('上海市黄浦区 12 rue de l’Église 臺北') + 1,
    );
    // The font file is 8 MB; a subset with a few dozen glyphs is tens of kilobytes.
    expect(embeddedFonts(bytes)).toBe(1);
    expect(bytes.length).toBeLessThan(120 * 1024);
  });

  it('text is split into runs per font: WinAnsi in Helvetica, everything else in the CJK font, spaces kept with their neighbours', () => {
    expect(splitFontRuns('12 rue de l’Église, Genève')).toEqual([
      { font: 'latin', text: '12 rue de l’Église, Genève' },
    ]);
    expect(splitFontRuns('ACME 上海 (臺北)')).toEqual([
      { font: 'latin', text: 'ACME ' },
      { font: 'cjk', text: '上海 ' },
      { font: 'latin', text: '(' },
      { font: 'cjk', text: '臺北' },
      { font: 'latin', text: ')' },
    ]);
    // Full-width punctuation and characters outside the BMP (CJK extension B) go to the CJK font whole.
    expect(splitFontRuns(' 𠀀，')).toEqual([{ font: 'cjk', text: ' 𠀀，' }]);
    expect(splitFontRuns('')).toEqual([{ font: 'latin', text: '' }]);
  });
});
