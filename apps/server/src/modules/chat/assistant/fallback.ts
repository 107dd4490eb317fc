import {
  APICallError,
  type LanguageModelV3,
  type LanguageModelV3CallOptions,
  type LanguageModelV3StreamPart,
  type LanguageModelV3StreamResult,
} from '@ai-sdk/provider';
import type { RemoteModel } from './providers';

/**
 * The admin's fallback model (issue 24): a reply the primary model cannot start is answered by the
 * fallback instead, as one model to the AI SDK, so the reply streams, calls tools and is kept the
 * same way whichever answered.
 *
 * - "Cannot start": the call fails before the model has written anything (the connection is
 *   refused, or the provider answers 401, 403, 404, 408, 409, 429 or 5xx, or its stream opens
 *   with an error event, as Anthropic's `overloaded_error` does). A request the provider finds
 *   malformed (another 4xx) would fail the fallback the same way, and a stopped reply is not
 *   retried.
 * - Once a model has written (text, a tool call, the end of its turn), the reply belongs to it:
 *   later steps of the reply go to that model alone, and a failure after that fails the reply. So
 *   a reply is answered by exactly one model, whose id and price meter it (`answering`).
 */
export interface FallbackModel {
  model: LanguageModelV3;
  /** The id of the model that answers the reply: the fallback once it has written, else the primary. */
  answering(): string;
}

/** Parts a stream opens with before the model says anything. */
const PREAMBLE = new Set<LanguageModelV3StreamPart['type']>(['stream-start', 'response-metadata', 'raw']);

const FALLBACK_STATUSES = new Set([401, 403, 404, 408, 409, 429]);

function worthFallingBack(error: unknown, signal: AbortSignal | undefined): boolean {
  if (signal?.aborted) return false;
  if (error instanceof Error && error.name === 'AbortError') return false;
  if (!APICallError.isInstance(error)) return true;
  const status = error.statusCode;
  return status === undefined || status >= 500 || FALLBACK_STATUSES.has(status);
}

/**
 * Opens `model`'s stream and reads it up to the first part the model writes: an error before that
 * is thrown (the model could not start); otherwise the stream is answered whole, the parts read
 * ahead included. `onWrites` is called when the model has written.
 */
async function startStream(
  model: LanguageModelV3,
  options: LanguageModelV3CallOptions,
  onWrites: () => void,
): Promise<LanguageModelV3StreamResult> {
  const result = await model.doStream(options);
  const reader = result.stream.getReader();
  const readAhead: LanguageModelV3StreamPart[] = [];
  for (;;) {
    const next = await reader.read();
    if (next.done) break;
    if (next.value.type === 'error') {
      reader.cancel().catch(() => undefined);
      throw next.value.error;
    }
    readAhead.push(next.value);
    if (!PREAMBLE.has(next.value.type)) break;
  }
  onWrites();
  const stream = new ReadableStream<LanguageModelV3StreamPart>({
    start(controller) {
      for (const part of readAhead) controller.enqueue(part);
    },
    async pull(controller) {
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return { ...result, stream };
}

/**
 * One reply's model: `primary`, with `fallback` for a reply it cannot start. Made per reply (it
 * remembers which model answered). `onFallback` hears why the primary was passed over.
 */
export function withFallback(
  primary: RemoteModel,
  fallback: RemoteModel | null,
  onFallback: (error: unknown) => void = () => undefined,
): FallbackModel {
  if (!fallback) return { model: primary.model, answering: () => primary.id };
  let answered: RemoteModel | null = null;

  async function attempt<T>(
    options: LanguageModelV3CallOptions,
    call: (candidate: RemoteModel, onWrites: () => void) => PromiseLike<T>,
  ): Promise<T> {
    if (answered) return call(answered, () => undefined);
    const chosen = (candidate: RemoteModel) => () => {
      answered = candidate;
    };
    try {
      return await call(primary, chosen(primary));
    } catch (error) {
      if (!fallback || !worthFallingBack(error, options.abortSignal)) throw error;
      onFallback(error);
      return call(fallback, chosen(fallback));
    }
  }

  const model: LanguageModelV3 = {
    specificationVersion: 'v3',
    provider: primary.model.provider,
    modelId: primary.model.modelId,
    // What the primary reads from URLs; the fallback shares its provider.
    get supportedUrls() {
      return primary.model.supportedUrls;
    },
    doGenerate: (options) =>
      attempt(options, async (candidate, onWrites) => {
        const result = await candidate.model.doGenerate(options);
        onWrites();
        return result;
      }),
    doStream: (options) =>
      attempt(options, (candidate, onWrites) => startStream(candidate.model, options, onWrites)),
  };
  return { model, answering: () => (answered ?? primary).id };
}
