import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { OFFLINE_MODEL } from '@app/contract/billing/prices';
import type { Platform } from '../../../platform/platform';
import { readForeignKey } from '../../foreign-keys/foreign-keys.service';

/**
 * Which model answers the chat (ARCHITECTURE section 8, Providers): the model the admin set in the
 * foreign-keys vault (any OpenAI-compatible endpoint: OpenAI, DeepSeek, Qwen, Ollama, vLLM), with
 * its fallback tried when the first cannot start; without one, the offline analyst, which needs no
 * key. The model's id is what the price table and the usage log name.
 */
export type ActiveModel =
  | { kind: 'offline'; id: typeof OFFLINE_MODEL }
  | {
      kind: 'remote';
      id: string;
      model: LanguageModelV3;
      fallback: { id: string; model: LanguageModelV3 } | null;
    };

export async function activeModel(platform: Platform): Promise<ActiveModel> {
  const values = await readForeignKey(platform, 'llm_openai_compatible');
  if (!values?.base_url || !values.model) return { kind: 'offline', id: OFFLINE_MODEL };
  const provider = createOpenAICompatible({
    name: 'openai-compatible',
    baseURL: values.base_url.replace(/\/+$/, ''),
    ...(values.api_key ? { apiKey: values.api_key } : {}),
    includeUsage: true,
  });
  return {
    kind: 'remote',
    id: values.model,
    model: provider.chatModel(values.model),
    fallback: values.fallback_model
      ? { id: values.fallback_model, model: provider.chatModel(values.fallback_model) }
      : null,
  };
}
