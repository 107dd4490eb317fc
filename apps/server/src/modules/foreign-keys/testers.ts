import type { ForeignKeyKindName } from '@app/contract/admin/foreign-keys/foreign-keys';
import type { Config } from '../../config';

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

/**
 * An OpenAI-compatible endpoint: list its models (`GET {base_url}/models`, which OpenAI, DeepSeek,
 * Qwen, Ollama and vLLM all answer) and check the configured model is among them.
 */
const openAiCompatible: Tester = async (values) => {
  const base = (values.base_url ?? '').replace(/\/+$/, '');
  const response = await fetch(`${base}/models`, {
    headers: values.api_key ? { authorization: `Bearer ${values.api_key}` } : {},
    signal: AbortSignal.timeout(10_000),
  });
  if (response.status === 401 || response.status === 403) {
    return { ok: false, message: 'The endpoint refused this API key' };
  }
  if (!response.ok) return { ok: false, message: `The endpoint answered an unexpected ${response.status}` };
  const body = (await response.json().catch(() => ({}))) as { data?: { id?: string }[] };
  const ids = (body.data ?? []).map((model) => model.id);
  if (values.model && !ids.includes(values.model)) {
    return { ok: false, message: 'The endpoint does not offer this model' };
  }
  return { ok: true, message: 'The endpoint answers and offers this model' };
};

export const TESTERS: Record<ForeignKeyKindName, Tester> = {
  google_oauth: googleOAuth,
  llm_openai_compatible: openAiCompatible,
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
