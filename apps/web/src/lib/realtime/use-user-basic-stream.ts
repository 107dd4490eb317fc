import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCachedBasicInfos } from '../session/basic-infos';

/**
 * Keeps this tab in step with the user's other tabs and devices through the `user_basic` topic
 * while someone is signed in: unread messages, settings, closed pop-ups. One stream per tab. Its
 * code loads after the page has rendered (docs/performance.md).
 */
export function useUserBasicStream(): void {
  const queryClient = useQueryClient();
  // Listens to the cache only: an observer here would keep a signed-out user's query alive.
  const userId = useCachedBasicInfos()?.id;

  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    void import('./user-basic-stream').then(({ startUserBasicStream }) => {
      if (!controller.signal.aborted) startUserBasicStream(queryClient, controller);
    });
    return () => controller.abort();
  }, [userId, queryClient]);
}
