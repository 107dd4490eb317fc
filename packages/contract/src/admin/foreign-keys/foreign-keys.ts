import { z } from 'zod';
import { zSeconds } from '../../common';
import { defineEndpoint } from '../../define-endpoint';

/**
 * "Foreign keys" (`/admin/sys-settings/foreign-keys`): the vault of third-party credentials
 * (ARCHITECTURE section 6). Each kind lists its fields; secret fields are never answered, only
 * masked. Later kinds (SMTP, S3) join this list.
 */
export interface ForeignKeyField {
  key: string;
  label: string;
  secret: boolean;
  required: boolean;
  /** The only values the field takes (its label names them); empty is allowed unless required. */
  choices?: readonly string[];
  /** Several lines (a PEM certificate): the form gives it a text area. */
  multiline?: boolean;
}

/** The longest value a field takes: Alipay's root certificate file holds four certificates. */
export const FOREIGN_KEY_VALUE_MAX = 16_000;

/** A certificate is flagged this many days before it expires (and an inbox message sent). */
export const CERTIFICATE_WARNING_DAYS = 30;

export interface ForeignKeyKind {
  kind: string;
  label: string;
  fields: readonly ForeignKeyField[];
}

/** On every model kind: `no` keeps its key without letting it answer the assistant; empty is yes. */
const USE_FOR_ASSISTANT = {
  key: 'use_for_assistant',
  label: 'Use for the assistant',
  secret: false,
  required: false,
  choices: ['yes', 'no'],
} as const satisfies ForeignKeyField;

export const FOREIGN_KEY_KINDS = [
  {
    kind: 'google_oauth',
    label: 'Google OAuth client',
    fields: [
      { key: 'client_id', label: 'Client ID', secret: false, required: true },
      { key: 'client_secret', label: 'Client secret', secret: true, required: true },
      { key: 'ads_developer_token', label: 'Google Ads developer token', secret: true, required: false },
    ],
  },
  // The assistant's model providers. Which one answers: the first of these three, in this order,
  // that is fully configured and not marked `use_for_assistant: no` (server: chat/assistant/providers.ts).
  {
    // Any endpoint that speaks OpenAI's chat completions: OpenAI, DeepSeek, Qwen, Ollama, vLLM.
    kind: 'llm_openai_compatible',
    label: 'Assistant model (OpenAI-compatible)',
    fields: [
      { key: 'base_url', label: 'Base URL', secret: false, required: true },
      { key: 'api_key', label: 'API key', secret: true, required: false },
      { key: 'model', label: 'Model', secret: false, required: true },
      { key: 'fallback_model', label: 'Fallback model', secret: false, required: false },
      USE_FOR_ASSISTANT,
    ],
  },
  {
    // Anthropic's Messages API; the base URL defaults to https://api.anthropic.com.
    kind: 'llm_anthropic',
    label: 'Assistant model (Anthropic)',
    fields: [
      { key: 'base_url', label: 'Base URL', secret: false, required: false },
      { key: 'api_key', label: 'API key', secret: true, required: true },
      { key: 'model', label: 'Model', secret: false, required: true },
      { key: 'fallback_model', label: 'Fallback model', secret: false, required: false },
      USE_FOR_ASSISTANT,
    ],
  },
  {
    // Google's Gemini API (Generative Language); the base URL defaults to
    // https://generativelanguage.googleapis.com.
    kind: 'llm_gemini',
    label: 'Assistant model (Gemini)',
    fields: [
      { key: 'base_url', label: 'Base URL', secret: false, required: false },
      { key: 'api_key', label: 'API key', secret: true, required: true },
      { key: 'model', label: 'Model', secret: false, required: true },
      { key: 'fallback_model', label: 'Fallback model', secret: false, required: false },
      USE_FOR_ASSISTANT,
    ],
  },
  {
    // Stripe (hosted Checkout): the secret API key, the webhook endpoint's signing secret and,
    // while Stripe rolls that secret, the previous one (both verify until the old one expires).
    // The base URL defaults to https://api.stripe.com; the repository's stand-in is set here.
    kind: 'stripe',
    label: 'Stripe',
    fields: [
      { key: 'secret_key', label: 'Secret key', secret: true, required: true },
      { key: 'webhook_secret', label: 'Webhook signing secret', secret: true, required: true },
      {
        key: 'webhook_secret_previous',
        label: 'Previous webhook signing secret (while rolling)',
        secret: true,
        required: false,
      },
      { key: 'base_url', label: 'Base URL', secret: false, required: false },
    ],
  },
  {
    // WeChat Pay API v3 (location `cn`): the merchant signs every call with its API private key
    // under its certificate's serial; WeChat Pay's answers and notices are verified with the
    // WeChat Pay public key named by its ID (merchants since late 2024) or, with those two left
    // empty, with the platform certificates the server downloads (encrypted under the APIv3 key).
    // The official account's App ID pays inside WeChat (JSAPI), for the openid its sign-in gave;
    // empty, the App ID serves there too. The base URL defaults to https://api.mch.weixin.qq.com.
    kind: 'wechatpay',
    label: 'WeChat Pay',
    fields: [
      { key: 'mchid', label: 'Merchant ID', secret: false, required: true },
      { key: 'appid', label: 'App ID', secret: false, required: true },
      {
        key: 'jsapi_appid',
        label: 'Official account App ID (inside WeChat)',
        secret: false,
        required: false,
      },
      { key: 'merchant_private_key', label: 'Merchant API private key (PEM)', secret: true, required: true },
      { key: 'merchant_serial', label: 'Merchant certificate serial number', secret: false, required: true },
      { key: 'apiv3_key', label: 'APIv3 key', secret: true, required: true },
      { key: 'public_key_id', label: 'WeChat Pay public key ID', secret: false, required: false },
      { key: 'public_key', label: 'WeChat Pay public key (PEM)', secret: false, required: false },
      { key: 'base_url', label: 'Base URL', secret: false, required: false },
    ],
  },
  {
    // Alipay (location `cn`). Public-key mode: the app signs with its private key, Alipay's
    // answers and notices are verified with the Alipay public key (not the app's own).
    // Certificate mode (公钥证书), the three certificates instead of that key: requests carry the
    // app certificate's and the root certificate's SN, answers and notices are verified with the
    // key of the Alipay public-key certificate. Queries, closes and refunds go to OpenAPI v3 (base
    // URL, default https://openapi.alipay.com); the payer's forms to the v2 gateway (default
    // https://openapi.alipay.com/gateway.do).
    kind: 'alipay',
    label: 'Alipay',
    fields: [
      { key: 'app_id', label: 'App ID', secret: false, required: true },
      { key: 'app_private_key', label: 'App private key', secret: true, required: true },
      { key: 'alipay_public_key', label: 'Alipay public key', secret: false, required: false },
      {
        key: 'app_cert',
        label: 'App public-key certificate (certificate mode)',
        secret: false,
        required: false,
        multiline: true,
      },
      {
        key: 'alipay_cert',
        label: 'Alipay public-key certificate (certificate mode)',
        secret: false,
        required: false,
        multiline: true,
      },
      {
        key: 'alipay_root_cert',
        label: 'Alipay root certificate (certificate mode)',
        secret: false,
        required: false,
        multiline: true,
      },
      { key: 'base_url', label: 'Base URL', secret: false, required: false },
      { key: 'gateway', label: 'Gateway URL (gateway.do)', secret: false, required: false },
    ],
  },
] as const satisfies readonly ForeignKeyKind[];

export type ForeignKeyKindName = (typeof FOREIGN_KEY_KINDS)[number]['kind'];
export const zForeignKeyKindName = z.enum(
  FOREIGN_KEY_KINDS.map((kind) => kind.kind) as [ForeignKeyKindName, ...ForeignKeyKindName[]],
  { message: 'Unknown kind of key' },
);

/**
 * A certificate the kind holds (a field's PEM) or fetched from the provider (WeChat Pay's platform
 * certificates): when it expires, and whether that is within CERTIFICATE_WARNING_DAYS or past.
 */
export const zCertificateExpiry = z.object({
  /** The field holding it; null for one the server fetched from the provider. */
  field: z.string().nullable(),
  /** What it is (an English msgid: the field's label, or `WeChat Pay platform certificate`). */
  label: z.string(),
  /** Its serial number, hexadecimal, upper case. */
  serial: z.string(),
  /** `X509Certificate.validTo`, in seconds. */
  expires_at: zSeconds,
  status: z.enum(['valid', 'expiring', 'expired']),
});
export type CertificateExpiry = z.infer<typeof zCertificateExpiry>;

export const zForeignKeyView = z.object({
  kind: zForeignKeyKindName,
  label: z.string(),
  /** Where the values come from: saved here, seeded from the environment, or nowhere yet. */
  source: z.enum(['saved', 'env', 'none']),
  fields: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      secret: z.boolean(),
      required: z.boolean(),
      /** The only values the field takes (a select offers them); absent for free text. */
      choices: z.array(z.string()).optional(),
      multiline: z.boolean().optional(),
      /** Plain for ordinary fields; `••••••••abcd` for secrets; null when empty. */
      shown: z.string().nullable(),
    }),
  ),
  /** The certificates in force, soonest to expire first (empty for kinds that hold none). */
  certificates: z.array(zCertificateExpiry),
  updated_at: zSeconds.nullable(),
  updated_by: z.string().nullable(),
  last_test: z.object({ ok: z.boolean(), message: z.string(), tested_at: zSeconds }).nullable(),
});
export type ForeignKeyView = z.infer<typeof zForeignKeyView>;

const tags = ['admin: foreign keys'];
const zKindParams = z.object({ kind: zForeignKeyKindName });

export const listForeignKeys = defineEndpoint({
  method: 'GET',
  path: '/api/admin/sys-settings/foreign-keys',
  permission: 'admin.foreign_keys.read',
  summary: 'Third-party credentials, masked',
  tags,
  response: z.object({ items: z.array(zForeignKeyView) }),
});

export const saveForeignKey = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/sys-settings/foreign-keys/{kind}',
  permission: 'admin.foreign_keys.edit',
  summary: 'Save one kind of credentials; a secret left empty keeps its saved value',
  tags,
  params: zKindParams,
  body: z.object({
    values: z.record(
      // Field keys: lower case, digits after the first letter (`apiv3_key`).
      z.string().regex(/^[a-z][a-z0-9_]{0,39}$/),
      z.string().trim().max(FOREIGN_KEY_VALUE_MAX, { message: 'Input exceeds maximum length' }),
    ),
  }),
  response: zForeignKeyView,
});

export const clearForeignKey = defineEndpoint({
  method: 'DELETE',
  path: '/api/admin/sys-settings/foreign-keys/{kind}',
  permission: 'admin.foreign_keys.edit',
  summary: 'Forget the saved credentials of one kind (environment values, if any, apply again)',
  tags,
  params: zKindParams,
  response: zForeignKeyView,
});

export const testForeignKey = defineEndpoint({
  method: 'POST',
  path: '/api/admin/sys-settings/foreign-keys/{kind}/test',
  permission: 'admin.foreign_keys.edit',
  summary: 'Try the credentials against the provider and say whether they work',
  tags,
  params: zKindParams,
  body: z.object({}).optional(),
  response: z.object({ ok: z.boolean(), message: z.string(), key: zForeignKeyView }),
});
