import type { EndpointQuery } from '@app/contract/define-endpoint';
import { listInboxMessages } from '@app/contract/messages/inbox';
import { listCurrentNotices } from '@app/contract/messages/notices';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';

/** Every query of the messages page starts with this key, so one invalidation refreshes them all. */
export const accountMessagesKey = ['account', 'messages'] as const;

export const inboxListKey = [...accountMessagesKey, 'inbox'] as const;

export function fetchInboxMessages(
  query: EndpointQuery<typeof listInboxMessages>,
  { signal }: { signal: AbortSignal },
) {
  return callApi(listInboxMessages, { query, signal });
}

export const currentNoticesQuery = queryOptions({
  queryKey: [...accountMessagesKey, 'notices'],
  queryFn: ({ signal }) => callApi(listCurrentNotices, { signal }),
});
