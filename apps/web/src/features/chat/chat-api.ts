import type { listAnalyticsSources } from '@app/contract/analytics/sources';
import type {
  createChat,
  deleteChat,
  getAssistant,
  getChat,
  listChats,
  renameChat,
} from '@app/contract/chat/chats';
import type { EndpointResponse } from '@app/contract/define-endpoint';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { endpointRef, lightCall } from '../../lib/api/light-client';

// The light client: /chat's first load carries no zod (docs/performance.md, page weight); the
// server checks every answer against the same contract before it sends it.
const LIST = endpointRef<typeof listChats>('GET', '/api/chats');
const CREATE = endpointRef<typeof createChat>('POST', '/api/chats');
const ONE = endpointRef<typeof getChat>('GET', '/api/chats/{id}');
const RENAME = endpointRef<typeof renameChat>('PATCH', '/api/chats/{id}');
const DELETE = endpointRef<typeof deleteChat>('DELETE', '/api/chats/{id}');
const ASSISTANT = endpointRef<typeof getAssistant>('GET', '/api/chats/assistant');
const SOURCES = endpointRef<typeof listAnalyticsSources>('GET', '/api/analytics/sources');

export type ChatThread = EndpointResponse<typeof getChat>;

const CHATS = ['chat', 'chats'] as const;

/** My chats in the current team, newest first, searched by title. */
export const chatsQuery = (q: string) =>
  queryOptions({
    queryKey: [...CHATS, 'list', q] as const,
    queryFn: ({ signal }) =>
      lightCall(LIST, { query: { q: q || undefined, page: 1, page_size: 100 }, signal }),
  });

/** One chat with its messages and their parts. */
export const chatQuery = (id: string) =>
  queryOptions({
    queryKey: [...CHATS, 'one', id] as const,
    queryFn: ({ signal }) => lightCall(ONE, { params: { id }, signal }),
  });

/** Which assistant answers (offline or a model) and a message's price. */
export const assistantQuery = queryOptions({
  queryKey: ['chat', 'assistant'] as const,
  queryFn: ({ signal }) => lightCall(ASSISTANT, { signal }),
  staleTime: 60_000,
});

/** New, rename, delete: each refreshes the list (and the chat it changed). */
export function useChatMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: CHATS });
  return {
    create: useMutation({
      mutationFn: () => lightCall(CREATE, { body: {} }),
      onSuccess: refresh,
    }),
    rename: useMutation({
      mutationFn: ({ id, title }: { id: string; title: string }) =>
        lightCall(RENAME, { params: { id }, body: { title }, silent: true }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => lightCall(DELETE, { params: { id } }),
      onSuccess: refresh,
    }),
  };
}

export const CHATS_KEY = CHATS;

/** A question asked before its chat existed: the new chat's page sends it once. */
export interface PendingQuestion {
  ask?: string;
  source?: string;
}

/** The sources the composer offers (the team's and the demo's). */
export const sourcesQuery = queryOptions({
  queryKey: ['analytics', 'sources'] as const,
  queryFn: ({ signal }) => lightCall(SOURCES, { signal }),
  staleTime: 60_000,
});
