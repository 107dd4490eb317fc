import type { ListPage } from '@app/contract/list';
import { type InboxMessage, markAllMessagesRead, markMessagesRead } from '@app/contract/messages/inbox';
import type { BasicInfos } from '@app/contract/user/get-basic-infos';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';
import { basicInfosQueryKey } from '../../lib/session/basic-infos';
import { accountMessagesKey, inboxListKey } from './messages-api';

/**
 * The top bar's count changes at once from the answer; basic infos are then asked again for the
 * next unread messages the drawer shows in place of the ones just read. (The server also
 * announces the new state on the user's stream, which reaches the other tabs.)
 */
function afterMarking(queryClient: QueryClient, unreadTotal: number, readIds: string[] | 'all') {
  queryClient.setQueryData<BasicInfos>(basicInfosQueryKey, (old) =>
    old
      ? {
          ...old,
          msgs_unread: {
            total: unreadTotal,
            msgs: readIds === 'all' ? [] : old.msgs_unread.msgs.filter((msg) => !readIds.includes(msg.id)),
          },
        }
      : old,
  );
  // The list on the messages page shows them read at once too, before its refetch confirms it.
  queryClient.setQueriesData<ListPage<InboxMessage>>({ queryKey: inboxListKey }, (page) =>
    page
      ? {
          ...page,
          items: page.items.map((item) =>
            readIds === 'all' || readIds.includes(item.id) ? { ...item, read: true } : item,
          ),
        }
      : page,
  );
  void queryClient.invalidateQueries({ queryKey: basicInfosQueryKey });
  void queryClient.invalidateQueries({ queryKey: accountMessagesKey });
}

/**
 * Marking messages read, shared by the top bar's drawer and the messages page. The cache work is
 * in the mutation itself (not in `mutate` callbacks) so it still happens when the click also
 * navigated away.
 */
export function useMarkMessagesRead() {
  const queryClient = useQueryClient();
  const markRead = useMutation({
    mutationFn: (ids: string[]) => callApi(markMessagesRead, { body: { ids } }),
    onSuccess: (answer, ids) => afterMarking(queryClient, answer.unread_total, ids),
  });
  const markAllRead = useMutation({
    mutationFn: () => callApi(markAllMessagesRead),
    onSuccess: (answer) => afterMarking(queryClient, answer.unread_total, 'all'),
  });
  return { markRead, markAllRead };
}
