import { randomUUID } from 'node:crypto';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { ReplyCost } from '@app/contract/chat/chats';
import type { ReplyPart } from '@app/contract/chat/parts';
import type { Locale } from '@app/contract/common';
import {
  createUIMessageStream,
  JsonToSseTransformStream,
  type ModelMessage,
  stepCountIs,
  streamText,
  UI_MESSAGE_STREAM_HEADERS,
  type UIMessageChunk,
} from 'ai';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../../platform/app-error';
import type { SignedInContext, StreamStarted } from '../../../platform/endpoint';
import type { Platform } from '../../../platform/platform';
import { findBrand } from '../../brand/brand.service';
import {
  callerOf,
  keepReservationAlive,
  LIVE_LEASE_SECONDS,
  releaseCredits,
  reserveCredits,
  settleCredits,
} from '../../credits/credits.service';
import { currentPrices } from '../../credits/price-table';
import { costOfCall } from '../../credits/prices.service';
import { dropLastExchange, findChat, finishReply, insertExchange, recentMessageRows } from '../chats.repo';
import { CHAT_NOT_FOUND, NEW_CHAT_TITLE } from '../chats.service';
import { offlineAnalyst } from '../offline/analyst';
import { offlineModel } from '../offline/offline-model';
import { type FallbackModel, withFallback } from './fallback';
import { functionToolsFor, type ToolSink } from './function-tools';
import { activeModel } from './providers';
import { systemPrompt } from './system-prompt';
import { assistantTools } from './tools';

/**
 * Sending a message (issue 24): the question is metered, answered and kept.
 *
 * 1. The credit service holds the estimate under the question's own id (a retried send finds its
 *    hold and is refused, never held twice); INSUFFICIENT_CREDITS is answered before any stream.
 * 2. The question and a `streaming` reply are written, and the reply streams as the AI SDK's UI
 *    message stream: the model's (or the offline analyst's) text, and each tool's typed parts.
 * 3. At the end the real cost is settled (tokens at the model's price plus the chat function's
 *    price), or only the tokens used when the user stopped it; a failure releases the hold. The
 *    cost is the stream's last frame and is kept on the reply.
 *
 * A reply the primary model cannot start is answered by the admin's fallback model (fallback.ts),
 * and is then metered at the fallback's price and names it. The hold covers the dearer of the two
 * at the estimate, so the fallback answering never finds the hold short; a fallback without a
 * price is not offered at all (like any unpriced model, it cannot be metered, so it cannot
 * answer), and the primary answers alone.
 */

const CHAT_FUNCTION = 'chat';
/** Tool rounds a reply may take: ask, look again, answer. */
const MAX_STEPS = 5;
/** What one message may use at most, for the hold (a reply that uses more is charged what is free). */
const ESTIMATE_TOKENS = { input: 40_000, output: 4_000 };
/** Messages of the chat a model reads back. */
const HISTORY = 20;

export interface SendInput {
  id: string;
  text: string;
  source?: string;
  regenerate: boolean;
}

/** The reply's language: the question's when it is Chinese and the page's is not. */
function replyLocale(ctx: SignedInContext, text: string): Locale {
  const chinese = /[\u4e00-\u9fff]/.test(text);
  if (chinese && !ctx.locale.startsWith('zh')) return 'zh_CN';
  return ctx.locale;
}

const NUMBER_LOCALES: Record<string, string> = {
  en_US: 'en-US',
  zh_CN: 'zh-CN',
  zh_HK: 'zh-HK',
  fr_FR: 'fr-FR',
};

function historyOf(rows: Awaited<ReturnType<typeof recentMessageRows>>): ModelMessage[] {
  return rows.slice(-HISTORY).flatMap((row): ModelMessage[] => {
    const parts = row.parts as ReplyPart[];
    const text = parts
      .map((part) =>
        part.type === 'content'
          ? part.content
          : part.type === 'ag_table'
            ? `[table of result ${part.result_id}: ${part.rowData.length} rows]`
            : '',
      )
      .filter(Boolean)
      .join('\n');
    if (!text) return [];
    return row.role === 'user' ? [{ role: 'user', content: text }] : [{ role: 'assistant', content: text }];
  });
}

export async function sendMessage(
  platform: Platform,
  ctx: SignedInContext,
  chatId: string,
  input: SendInput,
  reply: FastifyReply,
): Promise<StreamStarted> {
  const owner = { teamId: ctx.team.id, userId: ctx.user.id };
  const locale = replyLocale(ctx, input.text);
  const t =
    locale === ctx.locale
      ? ctx.t
      : (msgid: string, count?: number) => platform.translator.translate(locale, msgid, count);
  const replyCtx: SignedInContext = { ...ctx, locale, t };
  const picked = input.source ?? null;

  // What the tools show (the page's stream is attached once it opens) and what functions charged.
  const parts: ReplyPart[] = [];
  let showPart: (part: ReplyPart) => void = () => undefined;
  let functionCredits = 0;
  /** Function runs under way: a reply stopped during one is settled once it has ended. */
  const underWay = new Set<Promise<unknown>>();
  const sink: ToolSink = {
    emit: (more) => {
      for (const part of more) {
        parts.push(part);
        showPart(part);
      }
    },
    charged: (credits) => {
      functionCredits += credits;
    },
    running: (work) => {
      const tracked = work.then(
        () => undefined,
        () => undefined,
      );
      underWay.add(tracked);
      void tracked.then(() => underWay.delete(tracked));
    },
  };

  // Read side by side: each is a round trip before the model can be asked (bench:chat).
  const [chat, active, brand, stored, functions] = await Promise.all([
    findChat(platform.db, owner, chatId),
    activeModel(platform),
    findBrand(platform.db, ctx.team.id),
    // Used only once the chat is found to be the caller's. The history a model reads, and the
    // exchange a regenerate replaces: never the whole chat.
    recentMessageRows(platform.db, chatId, HISTORY + 2),
    // The AI functions the team's plan allows, as tools (each metered at its own price).
    functionToolsFor(platform, replyCtx, sink),
  ]);
  if (!chat) throw new AppError('NOT_FOUND', { msg: ctx.t(CHAT_NOT_FOUND) });

  // Made before anything is held or written: a picked source the team cannot read (a missing or
  // unready dataset) is refused here, with no hold and no reply left streaming.
  let answering: FallbackModel;
  /** The models that may answer: the primary, and its fallback when that has a price. */
  const candidates = [active.id];
  if (active.kind === 'offline') {
    const analyst = await offlineAnalyst(platform, replyCtx, {
      t,
      numberLocale: NUMBER_LOCALES[locale] ?? 'en-US',
      brandName: brand?.brandName ?? '',
      picked,
      functions: functions.offers,
    });
    answering = { model: offlineModel(analyst), answering: () => active.id };
  } else {
    let fallback = active.fallback;
    if (fallback && !(await currentPrices(platform)).models.has(fallback.id)) {
      reply.request.log.warn({ model: fallback.id }, 'the fallback model has no price: not offered');
      fallback = null;
    }
    if (fallback) candidates.push(fallback.id);
    answering = withFallback(active, fallback, (error) =>
      reply.request.log.warn(
        {
          model: active.id,
          fallback: fallback?.id,
          err: error instanceof Error ? error.message : String(error),
        },
        'the assistant model could not start: its fallback answers',
      ),
    );
  }
  const model: LanguageModelV3 = answering.model;

  // Unpriced models cannot be metered, so they cannot answer (costOfCall says so). The hold is
  // the dearer of the models that may answer.
  const estimates = await Promise.all(
    candidates.map((id) =>
      costOfCall(platform, {
        functionKey: CHAT_FUNCTION,
        model: id,
        inputTokens: active.kind === 'offline' ? 0 : ESTIMATE_TOKENS.input,
        outputTokens: active.kind === 'offline' ? 0 : ESTIMATE_TOKENS.output,
      }),
    ),
  );
  const reservation = await reserveCredits(platform, callerOf(ctx), {
    functionKey: CHAT_FUNCTION,
    estimate: Math.max(1, ...estimates.map((estimate) => estimate.credits)),
    model: active.id,
    key: `chat:${input.id}`,
    leaseSeconds: LIVE_LEASE_SECONDS,
  });
  if (reservation.reused) {
    throw new AppError('CONFLICT', { msg: 'This message was already sent' });
  }
  const stopLease = keepReservationAlive(platform, reservation);

  // Regenerating asks the last question again: what came from it on is replaced.
  const lastQuestion = stored.map((row) => row.role).lastIndexOf('user');
  const before = input.regenerate && lastQuestion >= 0 ? stored.slice(0, lastQuestion) : stored;
  const history = historyOf(before);
  const abort = new AbortController();
  const now = Date.now();
  const replyId = randomUUID();
  // The question and its streaming reply are written while the model is asked: only the hold
  // must come first (bench:chat). A write that fails stops the model and the reply fails.
  const written = platform.db.transaction(async (tx) => {
    if (input.regenerate) await dropLastExchange(tx, chat.id);
    await insertExchange(
      tx,
      [
        {
          id: randomUUID(),
          chatId: chat.id,
          role: 'user',
          parts: [{ type: 'content', content: input.text }],
          status: 'done',
          model: null,
          createdAt: new Date(now),
        },
        {
          id: replyId,
          chatId: chat.id,
          role: 'assistant',
          parts: [],
          status: 'streaming',
          model: active.id,
          createdAt: new Date(now + 1),
        },
      ],
      {
        id: chat.id,
        // A chat is titled by its first question until renamed.
        ...(before.length === 0 && chat.title === ctx.t(NEW_CHAT_TITLE)
          ? { title: input.text.slice(0, 120) }
          : {}),
      },
    );
  });
  const wrote = written.then(
    () => true,
    (error: unknown) => {
      reply.request.log.error({ err: error }, 'the question and its reply could not be written');
      abort.abort();
      return false;
    },
  );

  let text = '';
  const started = Date.now();

  let settled = false;
  /** Ends the reply once: keeps it, then settles (done, stopped) or releases (failed). */
  const finish = async (
    status: ReplyCost['status'],
    usage: { inputTokens: number; outputTokens: number },
  ): Promise<ReplyCost> => {
    if (settled) throw new Error('finished twice');
    settled = true;
    // A run the user stopped the reply during goes on (it is kept in the analysis history and
    // charges its own hold): the reply shows it and counts its credits once it has ended. The SDK
    // waits for a tool it started before its stream ends today; this holds without relying on it.
    while (underWay.size > 0) await Promise.all([...underWay]);
    stopLease();
    const rowsWritten = await wrote;
    if (!rowsWritten) status = 'failed';
    const modelId = answering.answering();
    const kept = [...(text.trim() ? [{ type: 'content' as const, content: text }] : []), ...parts];
    let credits: number | null = null;
    try {
      if (status === 'failed') {
        await releaseCredits(platform, reservation);
      } else {
        const cost = await costOfCall(platform, {
          functionKey: CHAT_FUNCTION,
          model: modelId,
          inputTokens: usage.inputTokens,
          outputTokens: usage.outputTokens,
        });
        // A stopped reply pays for the tokens it used, not for the answer it did not give.
        const charge = status === 'stopped' ? cost.tokenCredits : cost.credits;
        const settlement = await settleCredits(platform, reservation, {
          credits: charge,
          model: modelId,
          inputTokens: usage.inputTokens,
          outputTokens: usage.outputTokens,
          latencyMs: Date.now() - started,
        });
        credits = settlement.charged;
      }
    } finally {
      if (rowsWritten)
        await finishReply(platform.db, replyId, {
          parts: kept,
          status,
          model: modelId,
          inputTokens: usage.inputTokens,
          outputTokens: usage.outputTokens,
          // What the reply cost the team: the message, and the functions it ran (charged on their own holds).
          credits: credits === null && functionCredits === 0 ? null : (credits ?? 0) + functionCredits,
        });
    }
    return {
      credits: (credits ?? 0) + functionCredits,
      model: modelId,
      input_tokens: usage.inputTokens,
      output_tokens: usage.outputTokens,
      status,
    };
  };

  const used = { inputTokens: 0, outputTokens: 0 };
  /** The model (or a tool round) failed during the reply. */
  let modelFailed = false;
  /** What the step under way was sent, about four characters a token: a stopped step used it. */
  let unfinishedInput = 0;
  const system = systemPrompt(
    replyCtx,
    brand,
    picked,
    functions.offers.map((offer) => offer.tool),
  );
  /** What the page says when the model fails (its own message may name the key or the endpoint). */
  const failureText = (error: unknown) =>
    error instanceof AppError ? t(error.message) : t('The assistant could not answer');
  const stream = createUIMessageStream({
    execute: async ({ writer }) => {
      // A user who stopped the reply closed the stream: later frames have nowhere to go.
      const send = (chunk: Parameters<typeof writer.write>[0]) => {
        try {
          writer.write(chunk);
        } catch {
          // The reader is gone; what is kept below still records the reply.
        }
      };
      showPart = (part) => send({ type: 'data-part', data: part });
      try {
        const result = streamText({
          model,
          system,
          messages: [...history, { role: 'user', content: input.text }],
          tools: {
            ...assistantTools(platform, replyCtx, sink.emit, { sql: active.kind === 'remote' }),
            ...functions.tools,
          },
          stopWhen: stepCountIs(MAX_STEPS),
          abortSignal: abort.signal,
          maxRetries: 1,
          onChunk: ({ chunk }) => {
            if (chunk.type === 'text-delta') text += chunk.text;
          },
          prepareStep: ({ messages }) => {
            unfinishedInput = Math.ceil((system.length + JSON.stringify(messages).length) / 4);
            return undefined;
          },
          // Logged here, not printed by the SDK; the page is told by the stream's error frame.
          onError: ({ error }) => {
            modelFailed = true;
            reply.request.log.warn(
              { model: answering.answering(), err: error instanceof Error ? error.message : String(error) },
              'the assistant model failed',
            );
          },
          onStepFinish: (step) => {
            unfinishedInput = 0;
            used.inputTokens += step.usage.inputTokens ?? 0;
            used.outputTokens += step.usage.outputTokens ?? 0;
          },
        });
        writer.merge(
          result.toUIMessageStream({
            sendFinish: false,
            sendStart: true,
            messageMetadata: () => ({ reply_id: replyId }),
            onError: failureText,
          }),
        );
        let status: ReplyCost['status'] = 'done';
        try {
          await result.consumeStream({ onError: () => undefined });
          await result.finishReason;
        } catch {
          status = abort.signal.aborted ? 'stopped' : 'failed';
        }
        // A step that failed after an earlier one showed its grid still fails the reply: what was
        // shown stays, and the hold is released (the issue: a failure releases).
        if (modelFailed) status = 'failed';
        if (abort.signal.aborted) status = 'stopped';
        // A stopped step read its prompt and wrote words the model never counted: about four
        // characters a token each.
        const stopped = status === 'stopped';
        const inputTokens = used.inputTokens + (stopped ? unfinishedInput : 0);
        const outputTokens = stopped
          ? Math.max(used.outputTokens, Math.ceil(text.length / 4))
          : used.outputTokens;
        const cost = await finish(status, { inputTokens, outputTokens });
        send({ type: 'data-cost', data: cost });
        send({ type: 'finish' });
      } finally {
        if (!settled) await finish('failed', used).catch(() => undefined);
      }
    },
    onError: failureText,
  });

  reply.hijack();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) abort.abort();
  });
  void sendFrames(reply, stream);
  return { stream: true };
}

/**
 * The UI message stream as SSE, each frame flushed as it is written. Node corks a response's
 * socket for the rest of the tick, and the SDK keeps working through the model's burst in that
 * tick: without the uncork the first words waited 3 to 5 ms for the cost lookup (bench:chat).
 */
async function sendFrames(reply: FastifyReply, stream: ReadableStream<UIMessageChunk>): Promise<void> {
  const res = reply.raw;
  res.writeHead(200, { ...UI_MESSAGE_STREAM_HEADERS, 'x-request-id': String(reply.request.id) });
  res.flushHeaders();
  const reader = stream.pipeThrough(new JsonToSseTransformStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || res.destroyed) break;
      res.write(value);
      res.socket?.uncork();
    }
  } finally {
    // A reader that left early (the user stopped) lets the stream go.
    await reader.cancel().catch(() => undefined);
    if (!res.destroyed) res.end();
  }
}
