import { STREAM_TIMEOUTS } from '@app/contract/events/subscriber';
import type { QueryClient } from '@tanstack/react-query';
import { runTopicStream } from './topic-stream';
import { applyUserBasicEvent } from './user-basic-events';

/**
 * Holds the user's `user_basic` stream open until `controller` aborts. A module of its own, loaded
 * once the page is up: its event schemas are zod's, which /chat's first load goes without.
 */
export function startUserBasicStream(queryClient: QueryClient, controller: AbortController): void {
  void runTopicStream({
    topic: 'user_basic',
    timeout: STREAM_TIMEOUTS.user_basic,
    signal: controller.signal,
    onMessage: (payload) => applyUserBasicEvent(queryClient, payload),
    // The session ended (signed out elsewhere): the next page load or call sends to /login.
    onSignedOut: () => controller.abort(),
  });
}
