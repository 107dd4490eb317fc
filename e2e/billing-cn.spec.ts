import path from 'node:path';
import { type BrowserContext, test as base, expect, type Page, type Response } from '@playwright/test';
import {
  type AlipayStandIn,
  startAlipayStandIn,
} from '../apps/server/src/test/alipay-stand-in/alipay-stand-in';
import { OAuthStandIn } from '../apps/server/src/test/oauth-stand-in';
import {
  startWechatpayStandIn,
  type WechatpayStandIn,
} from '../apps/server/src/test/wechatpay-stand-in/wechatpay-stand-in';
import { freePort, startBuiltServer } from '../scripts/lib/built-server.mjs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, newUser } from './support/accounts';
import { untranslatedTexts } from './support/untranslated';

/**
 * Paying in location `cn` with WeChat Pay and Alipay, as customers do, against the repository's
 * stand-ins over real HTTP (their payer and cashier pages, their signed notices to the server):
 * a desktop scans WeChat Pay's code or Alipay's framed code page, a phone inside WeChat pays
 * through WeChat's JS bridge (JSAPI), another phone browser goes through Alipay's wap cashier. The
 * file runs one server of its own (REGION=cn, the stand-ins' keys seeded from the environment),
 * shared by its journeys; each journey has its own account.
 */

interface CnWorld {
  url: string;
  wx: WechatpayStandIn;
  ali: AlipayStandIn;
  oauth: OAuthStandIn;
}

/** The official account the WeChat browser signs in under: WeChat Pay's JSAPI app. */
const OFFI_SECRET = 'e2e-official-account-secret';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const IPHONE_WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/en';
const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true };

const test = base.extend<object, { cn: CnWorld }>({
  cn: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from it.
    async ({}, use) => {
      // Notices retried within seconds, not WeChat Pay's and Alipay's minutes.
      const wx = await startWechatpayStandIn({ retryScheduleMs: [500, 1000, 2000, 4000] });
      const ali = await startAlipayStandIn({ retryScheduleMs: [500, 1000, 2000, 4000] });
      const oauth = await new OAuthStandIn().start();
      // The server's public address is the browser's: the providers send the payer back to it
      // (return_url, the sign-in callback) with the session cookie, and notify it there.
      const port = await freePort(0);
      const url = `http://127.0.0.1:${port}`;
      oauth.registerWechatApp({
        appId: wx.merchant.jsapiAppid,
        secret: OFFI_SECRET,
        redirectHost: `127.0.0.1:${port}`,
      });
      const wechat = wx.vaultValues();
      const alipay = ali.vaultValues();
      const server = await startBuiltServer({
        port,
        logFile: path.resolve('test-results', 'billing-cn-server.log'),
        env: {
          ADMIN_EMAIL,
          ADMIN_PASSWORD,
          AUTH_RATE_LIMIT_MAX: '1000',
          REGION: 'cn',
          PUBLIC_URL: url,
          // Only the real providers (their stand-ins), as a set-up server in China offers them.
          PAYMENTS_SANDBOX: 'off',
          // The foreign-keys vault (kinds WeChat Pay and Alipay) seeded from the environment.
          WECHATPAY_BASE_URL: wx.url,
          WECHATPAY_MCHID: wechat.mchid ?? '',
          WECHATPAY_APPID: wechat.appid ?? '',
          WECHATPAY_JSAPI_APPID: wechat.jsapi_appid ?? '',
          WECHATPAY_MERCHANT_SERIAL: wechat.merchant_serial ?? '',
          WECHATPAY_APIV3_KEY: wechat.apiv3_key ?? '',
          WECHATPAY_MERCHANT_PRIVATE_KEY: wechat.merchant_private_key ?? '',
          ALIPAY_BASE_URL: ali.url,
          ALIPAY_GATEWAY: ali.gateway,
          ALIPAY_APP_ID: alipay.app_id ?? '',
          ALIPAY_APP_PRIVATE_KEY: alipay.app_private_key ?? '',
          ALIPAY_PUBLIC_KEY: alipay.alipay_public_key ?? '',
          // Signing in inside WeChat (the official account), which JSAPI pays for.
          ...oauth.env(),
          WECHAT_OFFI_APP_ID: wx.merchant.jsapiAppid,
          WECHAT_OFFI_APP_SECRET: OFFI_SECRET,
        },
      });
      if (server.url !== url) throw new Error(`the server moved to ${server.url}: its PUBLIC_URL is ${url}`);
      await use({ url, wx, ali, oauth });
      await server.stop();
      await Promise.all([wx.close(), ali.close(), oauth.stop()]);
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ cn }, use) => use(cn.url),
});

/** Signs a new account up over the API in this context (its cookie), in a language. */
async function signUp(context: BrowserContext, baseURL: string, language = 'en-US') {
  const user = newUser('cn');
  const response = await context.request.post('/api/auth/sign-up/email', {
    headers: { origin: baseURL, 'x-client-key': 'web', 'accept-language': language },
    data: { name: user.name, email: user.email, password: user.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  return user;
}

const isCall = (method: string, pathPart: string) => (response: Response) =>
  response.request().method() === method && new URL(response.url()).pathname === pathPart;

/** The plans page, the 1,000-credit pack (¥49.00 in `cn`), its order confirmed: the order's id. */
async function orderCreditPack(page: Page, names = { pack: '1,000 credits', confirm: 'Confirm and pay' }) {
  await page.goto('/usm/plan');
  const pack = page.getByRole('region', { name: names.pack, exact: true });
  await pack.getByRole('button', { name: new RegExp(`${names.pack}$`) }).click();
  await expect(page).toHaveURL(/\/account\/order\/confirm\?plan_id=/);
  const ordered = page.waitForResponse(isCall('POST', '/api/account/orders'));
  await page.getByRole('button', { name: names.confirm }).click();
  return ((await (await ordered).json()) as { order: { id: string } }).order.id;
}

/** The providers the dialog was offered, as the server answered for the device's `app_type`. */
async function offered(response: Promise<Response>) {
  const answer = await response;
  const body = (await answer.json()) as { items: { method: string }[] };
  return {
    appType: new URL(answer.url()).searchParams.get('app_type'),
    methods: body.items.map((item) => item.method),
  };
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test.describe('billing in location cn with WeChat Pay and Alipay (stand-ins)', () => {
  test('WeChat Pay on a desktop: the dialog shows its code beside the amount, the payer page pays it, and the app moves on to the result with the credits', async ({
    page,
    context,
    baseURL,
    cn,
  }) => {
    test.setTimeout(60_000);
    await signUp(context, baseURL as string);
    const providers = offered(page.waitForResponse(isCall('GET', '/api/account/payment/providers')));
    await orderCreditPack(page);
    expect(await providers).toEqual({ appType: 'pc_web', methods: ['wechatpay', 'alipay'] });

    const dialog = page.getByRole('dialog', { name: 'Payment' });
    const methods = dialog.getByRole('group', { name: 'Payment methods' });
    await expect(methods.getByRole('button')).toHaveText(['WeChat Pay', 'Alipay']);
    const started = page.waitForResponse(isCall('POST', '/api/account/payments'));
    await methods.getByRole('button', { name: 'WeChat Pay' }).click();
    const payment = (await (await started).json()) as { next: { kind: string; qrcode_url: string } };
    expect(payment.next.kind).toBe('qrcode');
    await expect(dialog.getByRole('img', { name: 'Payment QR code' }).locator('svg')).toBeVisible();
    await expect(dialog.getByText(/^Scan with WeChat Pay to pay\./)).toBeVisible();
    await expect(dialog.getByRole('heading', { name: '¥49.00' })).toBeVisible();
    await shot(page, 'cn-1-wechat-desktop-code');

    // The payer scans the code (its address, WeChat Pay's code_url): the stand-in's payer page.
    const phone = await context.newPage();
    await phone.goto(payment.next.qrcode_url);
    await expect(phone.getByTestId('amount')).toHaveText('¥49.00');
    await phone.getByRole('button', { name: 'Pay ¥49.00' }).click();
    await expect(phone.getByTestId('state')).toHaveText('SUCCESS');
    await phone.close();

    // WeChat Pay's signed notice pays the bill; the dialog's poll replaces the route.
    await expect(page).toHaveURL(/\/payment\/result\?order_id=/);
    await expect(page.getByText('Payment received')).toBeVisible();
    await expect(page.getByText(/1K credits were added to your balance\./)).toBeVisible();
    await shot(page, 'cn-2-wechat-desktop-result');
    expect(cn.wx.orders().map((order) => [order.trade_type, order.trade_state])).toContainEqual([
      'NATIVE',
      'SUCCESS',
    ]);
  });

  test('WeChat Pay inside WeChat (JSAPI): signed in with WeChat, only WeChat Pay is offered, its pay sheet opens through WeixinJSBridge and the bill is watched until paid', async ({
    browser,
    cn,
  }) => {
    test.setTimeout(60_000);
    const context = await browser.newContext({ ...PHONE, baseURL: cn.url, userAgent: IPHONE_WECHAT });
    // WeChat's JS bridge: its pay sheet, here the stand-in's `getBrandWCPayRequest` (which checks
    // paySign with the merchant's key), called back as WeChat does.
    const sheets: { api: string; params: Record<string, string> }[] = [];
    await context.exposeFunction('standInPaySheet', async (api: string, params: Record<string, string>) => {
      sheets.push({ api, params });
      const answer = await fetch(`${cn.wx.url}/jsapi/pay`, { method: 'POST', body: JSON.stringify(params) });
      return ((await answer.json()) as { err_msg: string }).err_msg;
    });
    await context.addInitScript(() => {
      const pay = (
        window as unknown as { standInPaySheet: (api: string, params: unknown) => Promise<string> }
      ).standInPaySheet;
      Object.assign(window, {
        WeixinJSBridge: {
          invoke(api: string, params: unknown, callback: (answer: { err_msg: string }) => void) {
            void pay(api, params).then((errMsg) => callback({ err_msg: errMsg }));
          },
        },
      });
    });
    const page = await context.newPage();

    // Inside WeChat the sign-in goes through the official account (it knows the payer's openid).
    cn.oauth.consentWechat({ key: `e2e-${Date.now()}`, nickname: 'E2E WeChat payer' });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with WeChat' }).click();
    await expect(page).toHaveURL(/\/chat/);

    const providers = offered(page.waitForResponse(isCall('GET', '/api/account/payment/providers')));
    const started = page.waitForResponse(isCall('POST', '/api/account/payments'));
    await orderCreditPack(page);
    expect(await providers).toEqual({ appType: 'wx_web', methods: ['wechatpay'] });
    await shot(page, 'cn-3-wechat-jsapi-dialog');
    // The one way to pay here: started at once, in WeChat's terms.
    const payment = (await (await started).json()) as { next: { kind: string } };
    expect(payment.next.kind).toBe('wechat_jsapi');
    await expect(page).toHaveURL(/\/payment\/result\?order_id=/);
    await expect(page.getByText('Payment received')).toBeVisible();
    await shot(page, 'cn-4-wechat-jsapi-result');
    expect(sheets.map((sheet) => [sheet.api, sheet.params.package?.startsWith('prepay_id=')])).toEqual([
      ['getBrandWCPayRequest', true],
    ]);
    await context.close();
  });

  test('Alipay on a desktop, in Chinese: its code page framed in the dialog beside the amount, Alipay’s page as the alternative; paid on the cashier, the app moves on', async ({
    browser,
    cn,
  }) => {
    test.setTimeout(60_000);
    const context = await browser.newContext({ baseURL: cn.url, locale: 'zh-CN' });
    const page = await context.newPage();
    const user = await signUp(context, cn.url, 'zh-CN');
    // Chinese, picked in the top bar's language drawer as a user does.
    await page.goto('/account/personal/profile');
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('dialog', { name: 'Language' }).getByText('简体中文').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await page.keyboard.press('Escape');
    await orderCreditPack(page, { pack: '1,000 积分', confirm: '确认并支付' });

    const dialog = page.getByRole('dialog', { name: '支付' });
    const methods = dialog.getByRole('group', { name: '支付方式' });
    await expect(methods.getByRole('button')).toHaveText(['微信支付', '支付宝']);
    const started = page.waitForResponse(isCall('POST', '/api/account/payments'));
    await methods.getByRole('button', { name: '支付宝' }).click();
    const payment = (await (await started).json()) as { next: { kind: string; qrcode_page_url?: string } };
    expect(payment.next.kind).toBe('form');
    const code = new URL(payment.next.qrcode_page_url ?? '');
    expect(`${code.origin}${code.pathname}`).toBe(cn.ali.gateway);
    expect(JSON.parse(code.searchParams.get('biz_content') ?? '{}')).toMatchObject({
      qr_pay_mode: '4',
      qrcode_width: 180,
    });

    // Alipay's page holding only its code, in a frame 180 px wide, beside the amount.
    const frame = dialog.locator('iframe[title="支付二维码"]');
    await expect(frame).toBeVisible();
    expect(await frame.evaluate((element) => element.getBoundingClientRect().width)).toBe(180);
    const scanned = frame.contentFrame().getByTestId('qrcode');
    await expect(scanned).toBeVisible();
    await expect(dialog.getByRole('heading', { name: '¥49.00' })).toBeVisible();
    await expect(dialog.getByText('请使用支付宝扫码支付。收到付款后本页面会自动跳转。')).toBeVisible();
    await expect(dialog.getByRole('button', { name: '改为在支付宝页面支付' })).toBeVisible();
    expect(await untranslatedTexts(page, [user.name, user.email])).toEqual([]);
    await shot(page, 'cn-5-alipay-desktop-code-zh');

    // The payer scans: Alipay's cashier behind the code, on their phone.
    const cashier = (await scanned.getAttribute('href')) ?? '';
    const phone = await context.newPage();
    await phone.goto(cashier);
    await expect(phone.getByTestId('amount')).toHaveText('¥49.00');
    await phone.getByRole('button', { name: 'Pay ¥49.00' }).click();
    await phone.close();

    await expect(page).toHaveURL(/\/payment\/result\?order_id=/);
    await expect(page.getByText('已收到付款')).toBeVisible();
    await shot(page, 'cn-6-alipay-desktop-result-zh');
    await context.close();
  });

  test('Alipay on a phone browser: only Alipay is offered, its wap form goes to the cashier by itself, and paying there brings the payer back to the result', async ({
    browser,
    cn,
  }) => {
    test.setTimeout(60_000);
    const context = await browser.newContext({ ...PHONE, baseURL: cn.url, userAgent: IPHONE_SAFARI });
    const page = await context.newPage();
    await signUp(context, cn.url);
    const providers = offered(page.waitForResponse(isCall('GET', '/api/account/payment/providers')));
    const started = page.waitForResponse(isCall('POST', '/api/account/payments'));
    await orderCreditPack(page);
    expect(await providers).toEqual({ appType: 'mb_web', methods: ['alipay'] });
    const payment = (await (await started).json()) as { next: { kind: string; qrcode_page_url?: string } };
    expect([payment.next.kind, payment.next.qrcode_page_url ?? null]).toEqual(['form', null]);

    // The form submits itself (spec section 5): Alipay's wap cashier.
    await expect(page).toHaveURL((url) => url.href.startsWith(cn.ali.gateway));
    await expect(page.getByTestId('amount')).toHaveText('¥49.00');
    await shot(page, 'cn-7-alipay-phone-cashier');
    await page.getByRole('button', { name: 'Pay ¥49.00' }).click();

    // Back through return_url to the result, which waits for Alipay's notice.
    await expect(page).toHaveURL(/\/payment\/result\?order_id=/);
    await expect(page.getByText('Payment received')).toBeVisible();
    await shot(page, 'cn-8-alipay-phone-result');
    expect(cn.ali.trades().map((trade) => [trade.product_code, trade.trade_status])).toContainEqual([
      'QUICK_WAP_WAY',
      'TRADE_SUCCESS',
    ]);
    await context.close();
  });
});
