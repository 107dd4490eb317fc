import { STREAM_TIMEOUTS } from '@app/contract/events/subscriber';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCachedBasicInfos } from '../session/basic-infos';
import { runTopicStream } from './topic-stream';
import { applyUserBasicEvent } from './user-basic-events';

/**
 * Keeps this tab in step with the user's other tabs and devices through the `user_basic` topic
 * while someone is signed in: unread messages, settings, closed pop-ups. One stream per tab.
 */
export function useUserBasicStream(): void {
  const queryClient = useQueryClient();
  // Listens to the cache only: an observer here would keep a signed-out user's query alive.
  const userId = useCachedBasicInfos()?.id;

  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    void runTopicStream({
      topic: 'user_basic',
      timeout: STREAM_TIMEOUTS.user_basic,
      signal: controller.signal,
      onMessage: (payload) => applyUserBasicEvent(queryClient, payload),
      // The session ended (signed out elsewhere): the next page load or call sends to /login.
      onSignedOut: () => controller.abort(),
    });
    return () => controller.abort();
  }, [userId, queryClient]);
}
