import { randomBytes } from 'node:crypto';

/**
 * The Gemini API's (Generative Language, v1beta) wire shapes, as the stand-in answers them: a
 * `GenerateContentResponse` for `:generateContent`, the same in pieces for
 * `:streamGenerateContent?alt=sse` (each `data:` frame one response: text parts or whole
 * `functionCall` parts, the running `usageMetadata`, the last one with `finishReason`), and
 * Google's error envelope `{ error: { code, message, status, details } }`.
 */

export interface Usage {
  promptTokenCount: number;
  candidatesTokenCount: number;
}

export type Part =
  | { text: string; thought?: boolean }
  | { functionCall: { name: string; args?: unknown; id?: string }; thoughtSignature?: string }
  | { functionResponse: { name: string; response: unknown; id?: string } }
  | Record<string, unknown>;

export interface Content {
  role?: 'user' | 'model';
  parts: Part[];
}

export interface GenerateContentRequest {
  contents: Content[];
  systemInstruction?: { parts: { text?: string }[] };
  tools?: { functionDeclarations?: { name: string; description?: string; parameters?: unknown }[] }[];
  toolConfig?: unknown;
  generationConfig?: Record<string, unknown>;
}

export interface Completion {
  pieces: string[];
  calls: { name: string; args: unknown; thoughtSignature: string }[];
  usage: Usage;
}

export interface GoogleError {
  status: number;
  body: { error: { code: number; message: string; status: string; details?: unknown[] } };
}

export const googleError = (
  code: number,
  status: string,
  message: string,
  details?: unknown[],
): GoogleError => ({
  status: code,
  body: { error: { code, message, status, ...(details ? { details } : {}) } },
});

/** What Google answers a key it does not know: 400, not 401. */
export const keyNotValid = () =>
  googleError(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', [
    {
      '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
      reason: 'API_KEY_INVALID',
      domain: 'googleapis.com',
      metadata: { service: 'generativelanguage.googleapis.com' },
    },
  ]);

export const newId = () => randomBytes(12).toString('base64url');

const textPart = (part: Part): part is { text: string } =>
  typeof (part as { text?: unknown }).text === 'string';
const callPart = (part: Part): part is { functionCall: { name: string } } => 'functionCall' in part;
const responsePart = (part: Part): part is { functionResponse: { name: string; response: unknown } } =>
  'functionResponse' in part;

/** The text a content carries, or its function responses as JSON. */
export function textOf(content: Content | undefined): string {
  return (content?.parts ?? [])
    .map((part) =>
      textPart(part) ? part.text : responsePart(part) ? JSON.stringify(part.functionResponse.response) : '',
    )
    .join('');
}

export const systemOf = (request: GenerateContentRequest) =>
  (request.systemInstruction?.parts ?? []).map((part) => part.text ?? '').join('');

/** The function calls a content carries, with the thought signatures sent back. */
export const functionCalls = (content: Content | undefined) =>
  (content?.parts ?? []).filter(callPart).map((part) => ({
    ...part.functionCall,
    thoughtSignature: (part as { thoughtSignature?: string }).thoughtSignature,
  }));

export const functionResponses = (content: Content | undefined) =>
  (content?.parts ?? []).filter(responsePart).map((part) => part.functionResponse);

const usageOf = (usage: Usage) => ({
  promptTokenCount: usage.promptTokenCount,
  candidatesTokenCount: usage.candidatesTokenCount,
  totalTokenCount: usage.promptTokenCount + usage.candidatesTokenCount,
  promptTokensDetails: [{ modality: 'TEXT', tokenCount: usage.promptTokenCount }],
});

/** One response: the parts given, with the usage so far; the last one says why it finished. */
function response(model: string, id: string, parts: Part[], usage: Usage, last: boolean) {
  return {
    candidates: [
      {
        content: { parts, role: 'model' },
        ...(last ? { finishReason: 'STOP' } : {}),
        index: 0,
      },
    ],
    usageMetadata: usageOf(usage),
    modelVersion: model,
    responseId: id,
  };
}

/**
 * A function call as Gemini's thinking models write it: with the signature of the thought behind
 * it, which a client must send back with the call in the next turn.
 */
const callOf = (call: Completion['calls'][number]): Part => ({
  functionCall: { name: call.name, args: call.args },
  thoughtSignature: call.thoughtSignature,
});

const partsOf = (completion: Completion): Part[] => [
  ...(completion.pieces.length > 0 ? [{ text: completion.pieces.join('') }] : []),
  ...completion.calls.map(callOf),
];

/** The answer of `:generateContent`. Gemini ends a turn of function calls with STOP too. */
export function responseBody(model: string, completion: Completion) {
  return response(model, newId(), partsOf(completion), completion.usage, true);
}

/**
 * The `data:` frames of `:streamGenerateContent?alt=sse`: text in pieces, each function call
 * whole in its own frame (Gemini does not stream arguments), the output tokens counted up.
 */
export function responseFrames(model: string, completion: Completion): unknown[] {
  const id = newId();
  const parts: Part[] = [...completion.pieces.map((text) => ({ text })), ...completion.calls.map(callOf)];
  if (parts.length === 0) parts.push({ text: '' });
  return parts.map((part, i) => {
    const last = i === parts.length - 1;
    const written = Math.ceil(((i + 1) / parts.length) * completion.usage.candidatesTokenCount);
    return response(model, id, [part], { ...completion.usage, candidatesTokenCount: written }, last);
  });
}

/**
 * What Gemini refuses before answering: no contents, a role other than user or model, a turn of
 * function calls not followed by as many function responses.
 */
export function invalidRequest(body: GenerateContentRequest): GoogleError | null {
  const invalid = (message: string) => googleError(400, 'INVALID_ARGUMENT', message);
  if (!Array.isArray(body.contents) || body.contents.length === 0) {
    return invalid('* GenerateContentRequest.contents: contents is not specified\n');
  }
  let calls = 0;
  for (const [i, content] of body.contents.entries()) {
    if (content.role !== undefined && content.role !== 'user' && content.role !== 'model') {
      return invalid(`Please use a valid role: user, model. (contents[${i}].role)`);
    }
    const parts = content.parts ?? [];
    const responses = parts.filter(responsePart).length;
    if (calls > 0 && responses !== calls) {
      return invalid(
        'Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.',
      );
    }
    calls = content.role === 'model' ? parts.filter(callPart).length : 0;
  }
  return null;
}
