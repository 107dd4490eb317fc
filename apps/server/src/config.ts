import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Where the built SPA lives; the bundle sits in apps/server/dist, the sources in apps/server/src. */
const defaultWebDist = path.resolve(here, '../../web/dist');

/**
 * The one way a boolean setting is read: `true`/`1` and `false`/`0` (any case); unset or empty
 * takes the default. Anything else stops start-up naming the variable.
 */
const zBool = (fallback: boolean) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['true', 'false', '1', '0', ''], { message: 'use true or false' }))
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1'));

/** Every setting the server reads, in one schema (ARCHITECTURE section 2). */
export const zConfig = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  APP_SECRET: z.string().min(32).optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Marketing AI Workspace <no-reply@localhost>'),
  /**
   * The seller an invoice names (issue 27): legal name, postal address (`\n` for its line breaks)
   * and tax ID (VAT number, 统一社会信用代码). Unset, the name is MAIL_FROM's display name and the
   * address and tax ID are left off the invoice: set them before issuing real invoices.
   */
  INVOICE_SELLER_NAME: z.string().trim().optional(),
  INVOICE_SELLER_ADDRESS: z.string().trim().optional(),
  INVOICE_SELLER_TAX_ID: z.string().trim().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Sign-in and sign-up attempts allowed per minute from one address. */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  WEB_DIST: z.string().default(defaultWebDist),
  /** `cn` makes the China-region defaults (language, currency, location). */
  REGION: z.enum(['global', 'cn']).default('global'),
  /**
   * The sandbox payment provider (test mode, no money moves): `auto` offers it only while no real
   * provider of the location is set up; `on` always (tests, demos); `off` never.
   */
  PAYMENTS_SANDBOX: z.enum(['auto', 'on', 'off']).default('auto'),
  SERVE_WEB: zBool(true),
  /** Background jobs (pg-boss): e-mail retries, purges, reminders. Off only in focused tests. */
  JOBS_ENABLED: zBool(true),
  /**
   * `GET /metrics` (Prometheus): a scraper sending `Authorization: Bearer <METRICS_TOKEN>` may read
   * it; with METRICS_LOOPBACK (the default) so may this machine without the token (a loopback
   * address, not forwarded by a proxy). Neither: nobody may.
   */
  METRICS_TOKEN: z.string().trim().min(16, { message: 'use at least 16 characters' }).optional(),
  METRICS_LOOPBACK: zBool(true),
  /** Believe X-Forwarded-For (only behind a proxy that sets it; otherwise clients could dodge rate limits). */
  TRUST_PROXY: zBool(false),
  /**
   * Social sign-in (modules/social). Without an id and secret a provider is "not configured";
   * the URLs are the providers' own unless a proxy or a test's stand-in server replaces them.
   */
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_AUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
  /**
   * Google connectors (modules/connectors): the revoke endpoint and each data API's base URL, so a
   * proxy or the stand-in (`npm run google:stand-in`) can replace them. The client itself is in the
   * foreign-keys vault; GOOGLE_ADS_DEVELOPER_TOKEN may seed its Ads developer token.
   */
  GOOGLE_REVOKE_URL: z.url().default('https://oauth2.googleapis.com/revoke'),
  GOOGLE_ANALYTICS_ADMIN_URL: z.url().default('https://analyticsadmin.googleapis.com/v1beta'),
  GOOGLE_ANALYTICS_DATA_URL: z.url().default('https://analyticsdata.googleapis.com/v1beta'),
  GOOGLE_SEARCH_CONSOLE_URL: z.url().default('https://www.googleapis.com/webmasters/v3'),
  GOOGLE_ADS_URL: z.url().default('https://googleads.googleapis.com/v21'),
  GOOGLE_ADS_DEVELOPER_TOKEN: z.string().optional(),
  /**
   * The assistant's model (issue 24) may be seeded from the environment; the foreign-keys vault
   * (kinds llm_openai_compatible, llm_anthropic, llm_gemini) holds it otherwise. Without any the
   * offline analyst answers. The provider SDKs' own variables (ANTHROPIC_API_KEY and the like)
   * are never read: a key a developer's shell happens to hold must not start answering.
   */
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  LLM_ANTHROPIC_BASE_URL: z.url().optional(),
  LLM_ANTHROPIC_API_KEY: z.string().optional(),
  LLM_ANTHROPIC_MODEL: z.string().optional(),
  LLM_GEMINI_BASE_URL: z.url().optional(),
  LLM_GEMINI_API_KEY: z.string().optional(),
  LLM_GEMINI_MODEL: z.string().optional(),
  /**
   * Stripe (issue 27) may be seeded from the environment; the foreign-keys vault (kind `stripe`)
   * holds it otherwise. STRIPE_BASE_URL points the client at another API host (the stand-in:
   * `npm run stripe:stand-in -w @app/server`); unset is https://api.stripe.com. During a webhook
   * secret roll both secrets verify.
   */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_WEBHOOK_SECRET_PREVIOUS: z.string().optional(),
  STRIPE_BASE_URL: z.url().optional(),
  /**
   * WeChat Pay and Alipay (issue 27, location `cn`) may be seeded from the environment; the vault
   * (kinds `wechatpay`, `alipay`) holds them otherwise. Keys may be given on one line with `\n`
   * for their line breaks. The base URLs point the clients at other hosts (the stand-ins:
   * `npm run wechatpay:stand-in -w @app/server`, `npm run alipay:stand-in -w @app/server`).
   */
  WECHATPAY_MCHID: z.string().optional(),
  WECHATPAY_APPID: z.string().optional(),
  WECHATPAY_JSAPI_APPID: z.string().optional(),
  WECHATPAY_MERCHANT_PRIVATE_KEY: z.string().optional(),
  WECHATPAY_MERCHANT_SERIAL: z.string().optional(),
  WECHATPAY_APIV3_KEY: z.string().optional(),
  WECHATPAY_PUBLIC_KEY_ID: z.string().optional(),
  WECHATPAY_PUBLIC_KEY: z.string().optional(),
  WECHATPAY_BASE_URL: z.url().optional(),
  ALIPAY_APP_ID: z.string().optional(),
  ALIPAY_APP_PRIVATE_KEY: z.string().optional(),
  ALIPAY_PUBLIC_KEY: z.string().optional(),
  ALIPAY_BASE_URL: z.url().optional(),
  ALIPAY_GATEWAY: z.url().optional(),
  /** Milliseconds between the offline analyst's streamed words (0: as fast as it writes them). */
  OFFLINE_STREAM_PACE_MS: z.coerce.number().int().min(0).max(1000).default(0),
  /** First wait after a quota error or a passing failure of a sync; doubles each time, up to an hour. */
  GOOGLE_SYNC_BACKOFF_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Rows per page of a sync's Google reads (GA4 and Search Console). */
  GOOGLE_SYNC_PAGE_SIZE: z.coerce.number().int().min(10).max(25_000).default(10_000),
  /** WeChat Open Platform website app: QR login on desktop. */
  WECHAT_OPEN_APP_ID: z.string().optional(),
  WECHAT_OPEN_APP_SECRET: z.string().optional(),
  /** WeChat official account: authorisation inside the WeChat browser. */
  WECHAT_OFFI_APP_ID: z.string().optional(),
  WECHAT_OFFI_APP_SECRET: z.string().optional(),
  WECHAT_OPEN_AUTH_URL: z.url().default('https://open.weixin.qq.com/connect/qrconnect'),
  WECHAT_OFFI_AUTH_URL: z.url().default('https://open.weixin.qq.com/connect/oauth2/authorize'),
  /** Serves /sns/oauth2/access_token and /sns/userinfo. */
  WECHAT_API_BASE_URL: z.url().default('https://api.weixin.qq.com'),
  /**
   * File storage: the local disk under DATA_DIR/files unless S3_BUCKET is set, then an
   * S3-compatible store (AWS, MinIO, R2...). S3_ENDPOINT is unset for AWS itself.
   */
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: zBool(false),
  /** Largest file one upload may carry (spec section 9: 20 MB by default). */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(20 * 1024 * 1024),
  /** A team's storage quota until subscriptions set it per plan (the free plan's 100 MB). */
  STORAGE_QUOTA_BYTES: z.coerce.number().int().positive().optional(),
});

export type Config = z.infer<typeof zConfig> & { publicUrl: string };

/** Reads `.env` lines into an object without overriding the real environment. */
function readDotEnv(file: string): Record<string, string> {
  try {
    const entries: Record<string, string> = {};
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/.exec(line);
      if (match?.[1]) entries[match[1]] = (match[2] ?? '').replace(/^(['"])(.*)\1$/, '$2');
    }
    return entries;
  } catch {
    return {};
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty value (`APP_SECRET=` in a .env, `DATABASE_URL=` to switch PostgreSQL off) means unset.
  const merged = Object.fromEntries(
    Object.entries({ ...readDotEnv(path.resolve('.env')), ...env }).filter(([, value]) => value !== ''),
  );
  const parsed = zConfig.safeParse(merged);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  const host = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
  return {
    ...config,
    publicUrl: config.PUBLIC_URL ?? `http://${host === '127.0.0.1' ? 'localhost' : host}:${config.PORT}`,
  };
}
