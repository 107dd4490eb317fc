import type { ReplyCost } from '@app/contract/chat/chats';
import type { ReplyPart } from '@app/contract/chat/parts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { CHATS_KEY, chatQuery } from './chat-api';
import { streamReply } from './reply-stream';

/** The reply being written: what has streamed so far. */
export interface LiveReply {
  question: string;
  regenerate: boolean;
  text: string;
  parts: ReplyPart[];
  cost: ReplyCost | null;
  error: string | null;
  stopping: boolean;
}

/** A question's id: the key of its credit hold, so a retried send is never charged twice. */
function questionId(): string {
  return `q-${crypto.randomUUID()}`;
}

/**
 * One chat: its kept messages (GET /api/chats/{id}) and the reply streaming now. When the stream
 * ends (done, stopped or failed) the kept chat is read again, so what stays on screen is what the
 * server kept, with its cost.
 */
export function useConversation(chatId: string) {
  const queryClient = useQueryClient();
  const thread = useQuery(chatQuery(chatId));
  const [live, setLive] = useState<LiveReply | null>(null);
  const controller = useRef<AbortController | null>(null);

  const settle = useCallback(async () => {
    // A stopped reply is kept a moment after the stream closes: read until it is no longer streaming.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const fresh = await queryClient.fetchQuery({ ...chatQuery(chatId), staleTime: 0 });
      const last = fresh.messages[fresh.messages.length - 1];
      if (last?.status !== 'streaming') break;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    void queryClient.invalidateQueries({ queryKey: [...CHATS_KEY, 'list'] });
  }, [chatId, queryClient]);

  const send = useCallback(
    /** Answers false when the question was refused before any reply (the catalogue said why). */
    async (text: string, options: { source?: string; regenerate?: boolean } = {}): Promise<boolean> => {
      const abort = new AbortController();
      controller.current = abort;
      setLive({
        question: text,
        regenerate: Boolean(options.regenerate),
        text: '',
        parts: [],
        cost: null,
        error: null,
        stopping: false,
      });
      const update = (change: (reply: LiveReply) => LiveReply) =>
        setLive((reply) => (reply ? change(reply) : reply));
      let started = false;
      try {
        await streamReply(
          chatId,
          {
            id: questionId(),
            text,
            ...(options.source ? { source: options.source } : {}),
            regenerate: Boolean(options.regenerate),
          },
          {
            onText: (delta) => update((reply) => ({ ...reply, text: reply.text + delta })),
            onPart: (part) => update((reply) => ({ ...reply, parts: [...reply.parts, part] })),
            onCost: (cost) => update((reply) => ({ ...reply, cost })),
            onError: (error) => update((reply) => ({ ...reply, error })),
          },
          abort.signal,
        );
        started = true;
      } catch (error) {
        // Refused before the stream (no credits, a gone chat): the catalogue has said why.
        started = abort.signal.aborted;
        if (!started) setLive(null);
        void error;
      } finally {
        controller.current = null;
      }
      if (started) await settle();
      setLive(null);
      return started;
    },
    [chatId, settle],
  );

  const stop = useCallback(() => {
    setLive((reply) => (reply ? { ...reply, stopping: true } : reply));
    controller.current?.abort();
  }, []);

  return { thread, live, send, stop, busy: live !== null };
}
