import { randomBytes } from 'node:crypto';
import type { ForeignKeyKindName } from '@app/contract/admin/foreign-keys/foreign-keys';
import Stripe from 'stripe';
import type { Config } from '../../config';
import {
  alipayAnswered,
  alipayClient,
  alipayErrorCode,
  alipayReady,
  usesAlipayCertificates,
} from './alipay-api';
import { ANTHROPIC_API, ANTHROPIC_VERSION, apiRoot, GEMINI_API } from './model-endpoints';
import { stripeClient } from './stripe-api';
import {
  CertificateDownloadError,
  downloadPlatformCertificates,
  publicKeyOf,
  rawCall,
  signatureProblem,
  usesPublicKey,
  type VerifyingKeys,
  wechatpayReady,
} from './wechatpay-api';

export interface TestOutcome {
  ok: boolean;
  /** English msgid, shown translated. */
  message: string;
}

type Tester = (values: Record<string, string>, config: Config) => Promise<TestOutcome>;

/**
 * Google OAuth client: redeem a code that cannot exist. Google checks the client before the code,
 * so `invalid_grant` means the ID and secret are right and `invalid_client` that they are not,
 * without any user's consent and without changing anything at Google.
 */
const googleOAuth: Tester = async (values, config) => {
  const response = await fetch(config.GOOGLE_TOKEN_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      code: 'connection-test',
      client_id: values.client_id ?? '',
      client_secret: values.client_secret ?? '',
      redirect_uri: `${config.publicUrl}/google/oauth/code/callback`,
      grant_type: 'authorization_code',
    }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await response.json().catch(() => ({}))) as { error?: string };
  if (body.error === 'invalid_grant') return { ok: true, message: 'Google recognises this client' };
  if (body.error === 'invalid_client' || response.status === 401) {
    return { ok: false, message: 'Google does not recognise this client ID and secret' };
  }
  return { ok: false, message: `Google answered an unexpected ${response.status}` };
};

/** What a provider says of one model id. */
type ModelLookUp = 'offered' | 'missing' | 'key refused' | { unexpected: number };

const MODEL_FIELDS = [
  ['model', 'The endpoint does not offer this model'],
  ['fallback_model', 'The endpoint does not offer the fallback model'],
] as const;

/** The key works and the provider offers the model and the fallback (when one is set). */
async function checkModels(
  values: Record<string, string>,
  lookUp: (model: string) => Promise<ModelLookUp>,
): Promise<TestOutcome> {
  for (const [field, missing] of MODEL_FIELDS) {
    const model = values[field];
    if (!model) continue;
    const found = await lookUp(model);
    if (found === 'key refused') return { ok: false, message: 'The endpoint refused this API key' };
    if (found === 'missing') return { ok: false, message: missing };
    if (found !== 'offered') {
      return { ok: false, message: `The endpoint answered an unexpected ${found.unexpected}` };
    }
  }
  return { ok: true, message: 'The endpoint answers and offers this model' };
}

const TIMEOUT_MS = 10_000;

/**
 * An OpenAI-compatible endpoint: list its models (`GET {base_url}/models`, which OpenAI, DeepSeek,
 * Qwen, Ollama and vLLM all answer) and check the configured models are among them.
 */
const openAiCompatible: Tester = async (values) => {
  const base = (values.base_url ?? '').replace(/\/+$/, '');
  let listed: Promise<ModelLookUp | string[]> | null = null;
  const list = async (): Promise<ModelLookUp | string[]> => {
    const response = await fetch(`${base}/models`, {
      headers: values.api_key ? { authorization: `Bearer ${values.api_key}` } : {},
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (response.status === 401 || response.status === 403) return 'key refused';
    if (!response.ok) return { unexpected: response.status };
    const body = (await response.json().catch(() => ({}))) as { data?: { id?: string }[] };
    return (body.data ?? []).flatMap((model) => (model.id ? [model.id] : []));
  };
  return checkModels(values, async (model) => {
    listed ??= list();
    const ids = await listed;
    if (!Array.isArray(ids)) return ids;
    return ids.includes(model) ? 'offered' : 'missing';
  });
};

/**
 * Anthropic's Models API with the headers every Anthropic call carries (`x-api-key`,
 * `anthropic-version`). Each model is asked for by id (`GET /v1/models/{id}`) rather than found
 * in the list: the list is paged (20 a page) and leaves out aliases such as
 * `claude-sonnet-4-5`, which the Messages API and this lookup both accept.
 */
const anthropic: Tester = async (values) => {
  const root = apiRoot(values, ANTHROPIC_API);
  return checkModels(values, async (model) => {
    const response = await fetch(`${root}/models/${encodeURIComponent(model)}`, {
      headers: { 'x-api-key': values.api_key ?? '', 'anthropic-version': ANTHROPIC_VERSION },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (response.ok) return 'offered';
    if (response.status === 401 || response.status === 403) return 'key refused';
    if (response.status === 404) return 'missing';
    return { unexpected: response.status };
  });
};

/**
 * Google's Gemini API (`GET /v1beta/models/{model}` with the `x-goog-api-key` header). Google
 * answers a key it does not know with 400 INVALID_ARGUMENT (reason API_KEY_INVALID), a key
 * without access to the API with 403, and a model it lacks with 404.
 */
const gemini: Tester = async (values) => {
  const root = apiRoot(values, GEMINI_API);
  return checkModels(values, async (model) => {
    // As the AI SDK names it: `models/{id}`, or a full resource name such as `tunedModels/…`.
    const path = model.includes('/') ? model : `models/${model}`;
    const response = await fetch(`${root}/${path.split('/').map(encodeURIComponent).join('/')}`, {
      headers: { 'x-goog-api-key': values.api_key ?? '' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (response.ok) return 'offered';
    if (response.status === 404) return 'missing';
    if (response.status === 401 || response.status === 403) return 'key refused';
    const body = (await response.json().catch(() => ({}))) as {
      error?: { details?: { reason?: string }[] };
    };
    if ((body.error?.details ?? []).some((detail) => detail.reason === 'API_KEY_INVALID')) {
      return 'key refused';
    }
    return { unexpected: response.status };
  });
};

/**
 * Stripe: the cheapest authenticated read there is (`GET /v1/balance`), with the pinned API
 * version, so a wrong or revoked key (401 `authentication_error`) and a restricted key without
 * that read (403) are told apart from a working one. The webhook secrets cannot be tried from
 * here (Stripe signs, we only verify): their shape is checked, and the first webhook proves them.
 */
const stripe: Tester = async (values) => {
  for (const key of ['webhook_secret', 'webhook_secret_previous'] as const) {
    const secret = values[key];
    if (secret && !secret.startsWith('whsec_')) {
      return { ok: false, message: 'A Stripe webhook signing secret starts with whsec_' };
    }
  }
  try {
    await stripeClient(values).balance.retrieve();
    return { ok: true, message: 'Stripe accepts this secret key' };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeAuthenticationError) {
      return { ok: false, message: 'Stripe refused this secret key' };
    }
    if (error instanceof Stripe.errors.StripePermissionError) {
      return { ok: false, message: 'This Stripe key may not read the balance: use a secret key' };
    }
    if (error instanceof Stripe.errors.StripeError && error.statusCode) {
      return { ok: false, message: `The endpoint answered an unexpected ${error.statusCode}` };
    }
    throw error;
  }
};

/** A trade number no merchant has: asking for it changes nothing anywhere. */
const unknownTradeNo = () => `connectiontest${randomBytes(8).toString('hex')}`;

/**
 * WeChat Pay, both ways. In platform-certificate mode the certificates are downloaded first: the
 * answer is signed and each certificate decrypts only with the APIv3 key. Then an order that
 * cannot exist is asked for: `404 ORDER_NOT_EXIST` means WeChat Pay took the merchant's signature
 * (a wrong key or serial is `401 SIGN_ERROR`), and that answer's own signature must verify with
 * the WeChat Pay public key or certificate (the plugin checks 2xx answers only, so it is checked
 * here), which proves what verifies every notice.
 */
const wechatpay: Tester = async (values) => {
  if (!wechatpayReady(values)) return { ok: false, message: 'Nothing to test yet' };
  let keys: VerifyingKeys = publicKeyOf(values);
  if (!usesPublicKey(values)) {
    try {
      const certificates = await downloadPlatformCertificates(values);
      keys = new Map(certificates.map((cert) => [cert.serial, cert.key]));
    } catch (error) {
      if (error instanceof CertificateDownloadError) return { ok: false, message: error.message };
      throw error;
    }
  }
  const answer = await rawCall(values, keys, 'get', `v3/pay/transactions/out-trade-no/${unknownTradeNo()}`, {
    params: { mchid: values.mchid },
  });
  if (answer.status === 401) {
    return {
      ok: false,
      message:
        'WeChat Pay refused the merchant signature: check the merchant ID, private key and certificate serial number',
    };
  }
  const code = (() => {
    try {
      return (JSON.parse(answer.body) as { code?: unknown }).code;
    } catch {
      return undefined;
    }
  })();
  if (answer.status !== 404 || code !== 'ORDER_NOT_EXIST') {
    return { ok: false, message: `The endpoint answered an unexpected ${answer.status}` };
  }
  if (signatureProblem(keys, answer.headers, answer.body)) {
    return {
      ok: false,
      message: "WeChat Pay's answer does not verify: check the WeChat Pay public key and its ID",
    };
  }
  return { ok: true, message: 'WeChat Pay accepts these keys and its answers verify' };
};

/**
 * Alipay, both ways. OpenAPI v3's `trade/query` of a trade that cannot exist must be
 * `ACQ.TRADE_NOT_EXIST` (a business answer: Alipay took the app's signature; a wrong key is
 * `invalid-signature`); the SDK verifies 2xx answers only, so the same query through the gateway,
 * whose answers are signed whatever they say, proves the Alipay public key.
 */
const alipay: Tester = async (values) => {
  if (!alipayReady(values)) return { ok: false, message: 'Nothing to test yet' };
  const client = alipayClient(values);
  const outTradeNo = unknownTradeNo();
  try {
    await client.curl('POST', '/v3/alipay/trade/query', { body: { out_trade_no: outTradeNo } });
    return { ok: false, message: 'The endpoint answered an unexpected 200' };
  } catch (error) {
    const code = alipayErrorCode(error);
    if (code === 'invalid-signature' || code === 'invalid-app-id' || code === 'isv.invalid-signature') {
      return {
        ok: false,
        message: 'Alipay refused the app signature: check the App ID and the app private key',
      };
    }
    // Certificate mode: the app certificate or the root certificate is not the one Alipay has.
    if (code && /cert-sn/i.test(code)) {
      return {
        ok: false,
        message:
          'Alipay refused the certificate SNs: check the app public-key certificate and the Alipay root certificate',
      };
    }
    if (code !== 'ACQ.TRADE_NOT_EXIST') {
      if (!alipayAnswered(error)) throw error;
      return { ok: false, message: `Alipay answered ${code ?? 'an unexpected error'}` };
    }
  }
  try {
    const answer = await client.exec(
      'alipay.trade.query',
      { bizContent: { out_trade_no: outTradeNo } },
      { validateSign: true },
    );
    if (answer.subCode === 'ACQ.TRADE_NOT_EXIST') {
      return { ok: true, message: 'Alipay accepts this app key and its answers verify' };
    }
    return { ok: false, message: `Alipay answered ${String(answer.subCode ?? answer.code)}` };
  } catch (error) {
    if (alipayAnswered(error) || !(error instanceof Error) || !/验签/.test(error.message)) throw error;
    return {
      ok: false,
      message: usesAlipayCertificates(values)
        ? "Alipay's answer does not verify with this Alipay public-key certificate"
        : "Alipay's answer does not verify with this Alipay public key",
    };
  }
};

export const TESTERS: Record<ForeignKeyKindName, Tester> = {
  google_oauth: googleOAuth,
  llm_openai_compatible: openAiCompatible,
  llm_anthropic: anthropic,
  llm_gemini: gemini,
  stripe,
  wechatpay,
  alipay,
};

/** Runs a kind's test; a provider out of reach is a failed test, never a server error. */
export async function runTest(
  kind: ForeignKeyKindName,
  values: Record<string, string>,
  config: Config,
): Promise<TestOutcome> {
  try {
    return await TESTERS[kind](values, config);
  } catch {
    return { ok: false, message: 'The provider could not be reached' };
  }
}
