import { type ReplyCost, sendChatMessage } from '@app/contract/chat/chats';
import type { ReplyPart } from '@app/contract/chat/parts';
import { buildPath, type EndpointBody } from '@app/contract/define-endpoint';
import { zErrorBody } from '@app/contract/errors';
import { ApiError } from '../../lib/api/api-error';
import { feedbackFor } from '../../lib/api/feedback';
import { applyFeedback } from '../../lib/api/feedback-effects';
import { requestHeaders } from '../../lib/api/request-headers';

/** What the page hears while a reply streams. */
export interface ReplyListener {
  onText: (delta: string) => void;
  onPart: (part: ReplyPart) => void;
  onCost: (cost: ReplyCost) => void;
  /** The stream said the assistant failed (the reply is kept as failed). */
  onError: (text: string) => void;
}

type Frame = { type: string; delta?: string; data?: unknown; errorText?: string };

/**
 * Sends a question and reads its reply as it streams: the AI SDK's UI message stream (SSE
 * `data:` frames), of which the page uses the commentary's text deltas, the `data-part` frames
 * (grid, chart, SQL, file) and the `data-cost` frame. A refusal before the stream (no credits, a
 * chat that is gone) goes through the error catalogue like any other call: INSUFFICIENT_CREDITS
 * opens the top-up dialog. Aborting `signal` stops the reply; the server keeps what was written
 * and charges only the tokens used.
 */
export async function streamReply(
  chatId: string,
  body: EndpointBody<typeof sendChatMessage>,
  listener: ReplyListener,
  signal: AbortSignal,
): Promise<void> {
  const response = await fetch(buildPath(sendChatMessage.path, { id: chatId }), {
    method: 'POST',
    headers: { ...requestHeaders(), 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok || !response.body) {
    const data = await response.json().catch(() => null);
    const parsed = zErrorBody.safeParse(data);
    const errorBody = parsed.success ? parsed.data : null;
    applyFeedback(feedbackFor(response.status, errorBody, window.location));
    throw new ApiError('http', response.status, errorBody, response.headers.get('x-request-id'));
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered += value;
    let end = buffered.indexOf('\n\n');
    while (end >= 0) {
      const event = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      end = buffered.indexOf('\n\n');
      for (const line of event.split('\n')) {
        if (!line.startsWith('data: ') || line === 'data: [DONE]') continue;
        const frame = JSON.parse(line.slice(6)) as Frame;
        if (frame.type === 'text-delta') listener.onText(frame.delta ?? '');
        else if (frame.type === 'data-part') listener.onPart(frame.data as ReplyPart);
        else if (frame.type === 'data-cost') listener.onCost(frame.data as ReplyCost);
        else if (frame.type === 'error') listener.onError(frame.errorText ?? '');
      }
    }
  }
}
