import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { OFFLINE_MODEL } from '@app/contract/billing/prices';
import { mapSource } from '../../../platform/cache-registry';
import type { Platform } from '../../../platform/platform';
import { readForeignKey } from '../../foreign-keys/foreign-keys.service';
import { ANTHROPIC_API, apiRoot, GEMINI_API } from '../../foreign-keys/model-endpoints';

/**
 * Which model answers the chat (ARCHITECTURE section 8, Providers): a model the admin set in the
 * foreign-keys vault, with its fallback for a reply the first cannot start (fallback.ts);
 * without one, the offline analyst, which needs no key. The model's id is what the price table
 * and the usage log name.
 *
 * The rule, which the admin controls on the foreign-keys page: the model kinds are read in a
 * fixed order (OpenAI-compatible, Anthropic, Gemini) and the first that is fully configured (the
 * fields its provider needs to answer) and not marked `use_for_assistant: no` answers. So one
 * configured provider answers as soon as it is saved, and with several the admin says `no` on
 * those that should keep their key without answering.
 */
export interface RemoteModel {
  id: string;
  model: LanguageModelV3;
}

export type ActiveModel =
  | { kind: 'offline'; id: typeof OFFLINE_MODEL }
  | ({ kind: 'remote'; fallback: RemoteModel | null } & RemoteModel);

type Values = Record<string, string>;

/** A kind's models, or null when it lacks what its provider needs to answer. */
type ProviderOf = (values: Values) => ((modelId: string) => LanguageModelV3) | null;

const PROVIDERS = {
  // Any endpoint speaking OpenAI's chat completions; a local Ollama or vLLM may need no key.
  llm_openai_compatible: (values) => {
    if (!values.base_url) return null;
    const provider = createOpenAICompatible({
      name: 'openai-compatible',
      baseURL: values.base_url.replace(/\/+$/, ''),
      ...(values.api_key ? { apiKey: values.api_key } : {}),
      includeUsage: true,
    });
    return (id) => provider.chatModel(id);
  },
  // The base URL and key are always passed: the SDKs would otherwise read ANTHROPIC_BASE_URL,
  // ANTHROPIC_API_KEY or GOOGLE_GENERATIVE_AI_API_KEY from the process's environment.
  llm_anthropic: (values) => {
    if (!values.api_key) return null;
    const provider = createAnthropic({ baseURL: apiRoot(values, ANTHROPIC_API), apiKey: values.api_key });
    return (id) => provider.messages(id);
  },
  llm_gemini: (values) => {
    if (!values.api_key) return null;
    const provider = createGoogleGenerativeAI({
      baseURL: apiRoot(values, GEMINI_API),
      apiKey: values.api_key,
    });
    return (id) => provider.chat(id);
  },
} satisfies Record<string, ProviderOf>;

/** The order the kinds are read in (see the rule above). */
export const MODEL_KINDS = ['llm_openai_compatible', 'llm_anthropic', 'llm_gemini'] as const;

/**
 * Model clients by what makes them (the kind, its saved values, the model id): made once and
 * reused, as a client holds only its settings. Making one built its stream-chunk schemas, about
 * half a millisecond of every message (bench:chat). Saving other values makes other clients.
 */
const clients = new Map<string, LanguageModelV3 | null>();
/** The model clients on the admin's data-cache page: by kind and model, never by their keys. */
export const modelClientsCache = () =>
  mapSource(clients, {
    name: 'chat:model-clients',
    secretKeys: true,
    label: (key) => {
      const [kind, , modelId] = JSON.parse(key) as [string, unknown, string];
      return `${kind} · ${modelId}`;
    },
    inspect: (key, client) => {
      const [kind, , modelId] = JSON.parse(key) as [string, unknown, string];
      return { kind, model: modelId, provider: client?.provider ?? null };
    },
  });

function clientOf(
  kind: (typeof MODEL_KINDS)[number],
  values: Values,
  modelId: string,
): LanguageModelV3 | null {
  const key = JSON.stringify([kind, values, modelId]);
  let client = clients.get(key);
  if (client === undefined) {
    client = PROVIDERS[kind](values)?.(modelId) ?? null;
    if (clients.size >= 64) clients.clear();
    clients.set(key, client);
  }
  return client;
}

export async function activeModel(platform: Platform): Promise<ActiveModel> {
  for (const kind of MODEL_KINDS) {
    const values = await readForeignKey(platform, kind);
    if (!values?.model || values.use_for_assistant === 'no') continue;
    const model = clientOf(kind, values, values.model);
    if (!model) continue;
    const fallback = values.fallback_model ? clientOf(kind, values, values.fallback_model) : null;
    return {
      kind: 'remote',
      id: values.model,
      model,
      fallback: values.fallback_model && fallback ? { id: values.fallback_model, model: fallback } : null,
    };
  }
  return { kind: 'offline', id: OFFLINE_MODEL };
}

/** A model an AI column may be written by: a configured provider's model or its fallback. */
export interface OfferedModel {
  id: string;
  kind: (typeof MODEL_KINDS)[number] | 'offline';
}

/**
 * The models the admin configured (each fully configured provider's model and fallback, whether
 * or not it answers the chat), then the offline writer, which needs no key. An AI column picks
 * one of these; it is read per request, so a model the admin removes is offered no more.
 */
export async function offeredModels(platform: Platform): Promise<OfferedModel[]> {
  const offered: OfferedModel[] = [];
  for (const kind of MODEL_KINDS) {
    const values = await readForeignKey(platform, kind);
    if (!values) continue;
    for (const id of [values.model, values.fallback_model]) {
      if (!id || offered.some((model) => model.id === id)) continue;
      if (clientOf(kind, values, id)) offered.push({ id, kind });
    }
  }
  offered.push({ id: OFFLINE_MODEL, kind: 'offline' });
  return offered;
}

/** The model named `id` as an offered one writes with it (no fallback), or null when not offered. */
export async function offeredModel(platform: Platform, id: string): Promise<ActiveModel | null> {
  if (id === OFFLINE_MODEL) return { kind: 'offline', id: OFFLINE_MODEL };
  for (const kind of MODEL_KINDS) {
    const values = await readForeignKey(platform, kind);
    if (!values || (values.model !== id && values.fallback_model !== id)) continue;
    const model = clientOf(kind, values, id);
    if (model) return { kind: 'remote', id, model, fallback: null };
  }
  return null;
}
