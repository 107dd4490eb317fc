import type { EndpointBody, EndpointQuery } from '@app/contract/define-endpoint';
import { listEmailLogs, resendEmail } from '@app/contract/messages/email-logs';
import { createNotice, deleteNotice, listAdminNotices, updateNotice } from '@app/contract/messages/notices';
import { listMessageSends, previewSend, sendMessage } from '@app/contract/messages/send';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';

/** Every query of the admin messages pages starts with this key. */
export const adminMessagesKey = ['admin', 'messages'] as const;
export const noticesKey = [...adminMessagesKey, 'notices'] as const;
export const sendsKey = [...adminMessagesKey, 'sends'] as const;
export const emailLogsKey = [...adminMessagesKey, 'email-logs'] as const;

export type NoticeBody = EndpointBody<typeof createNotice>;
export type SendBody = EndpointBody<typeof sendMessage>;

export function fetchNotices(
  query: EndpointQuery<typeof listAdminNotices>,
  { signal }: { signal: AbortSignal },
) {
  return callApi(listAdminNotices, { query, signal });
}

export function fetchSends(
  query: EndpointQuery<typeof listMessageSends>,
  { signal }: { signal: AbortSignal },
) {
  return callApi(listMessageSends, { query, signal });
}

export function fetchEmailLogs(
  query: EndpointQuery<typeof listEmailLogs>,
  { signal }: { signal: AbortSignal },
) {
  return callApi(listEmailLogs, { query, signal });
}

/**
 * Saving is silent: the form puts the server's refusal on the field it names (an end before the
 * start) or above its buttons. Delete goes through the error catalogue.
 */
export function useNoticeMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: noticesKey });

  const save = useMutation({
    mutationFn: ({ id, body }: { id?: string; body: NoticeBody }) =>
      id
        ? callApi(updateNotice, { params: { id }, body, silent: true })
        : callApi(createNotice, { body, silent: true }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => callApi(deleteNotice, { params: { id } }),
    onSuccess: refresh,
  });
  return { save, remove };
}

/** Preview and send are silent: the compose form shows field errors where they belong. */
export function useSendMutations() {
  const queryClient = useQueryClient();
  const preview = useMutation({
    mutationFn: (body: SendBody) => callApi(previewSend, { body, silent: true }),
  });
  const send = useMutation({
    mutationFn: (body: SendBody) => callApi(sendMessage, { body, silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sendsKey }),
  });
  return { preview, send };
}

/** A refusal (the mail held a one-time code) is shown by the error catalogue in the server's words. */
export function useResendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(resendEmail, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailLogsKey }),
  });
}
