import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useCachedBasicInfos } from '../../lib/session/basic-infos';
import { accountMessagesKey } from './messages-api';

/**
 * The unread total in basic infos follows the user's stream: when it changes, a message arrived
 * or was read in another tab, and the list on screen is out of date.
 */
export function useRefreshOnUnreadChange(): void {
  const queryClient = useQueryClient();
  const total = useCachedBasicInfos()?.msgs_unread.total;
  const seen = useRef(total);

  useEffect(() => {
    if (total === undefined) return;
    if (seen.current !== undefined && seen.current !== total) {
      void queryClient.invalidateQueries({ queryKey: accountMessagesKey });
    }
    seen.current = total;
  }, [total, queryClient]);
}
