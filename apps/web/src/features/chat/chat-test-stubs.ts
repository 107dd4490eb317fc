import type { Chat, ChatMessage } from '@app/contract/chat/chats';
import type { ReplyPart } from '@app/contract/chat/parts';
import { signedInRoutes } from '../../app/testing/signed-in-stubs';
import type { StubRoutes } from '../../app/testing/stub-fetch';

/** A kept chat of two exchanges, for the tests of what a reply offers (SQL, report, exports). */

const T0 = 1_795_000_000;
export const CHAT: Chat = { id: 'c1', title: 'Sessions by channel', created_at: T0, updated_at: T0 };

export const FIRST_QUESTION = 'Sessions by channel last 30 days';
export const SECOND_QUESTION = 'Top landing page';
export const SQL_TEXT = 'select channel, sum(sessions) as sessions\nfrom ga_daily\ngroup by channel';

const GRID: ReplyPart = {
  type: 'ag_table',
  columnDefs: [
    { headerName: 'Channel', field: 'channel', cellDataType: 'text' },
    { headerName: 'Sessions', field: 'sessions', cellDataType: 'number' },
  ],
  rowData: [
    { channel: 'Organic Search', sessions: 65843 },
    { channel: 'Direct', sessions: 40240 },
  ],
  truncated: false,
  result_id: 'r1',
  query: {
    source: 'ga',
    metrics: ['sessions'],
    dimensions: ['channel'],
    filters: [],
    date_range: 'last_30_days',
    compare: 'preceding',
    order: [{ field: 'sessions', direction: 'desc' }],
    limit: 100,
  },
  ranges: [{ role: 'current', label: 'Last 30 days', start: '2026-10-28', end: '2026-11-26' }],
  freshness: [],
};

function message(id: string, role: ChatMessage['role'], parts: ReplyPart[]): ChatMessage {
  const asked = role === 'user';
  return {
    id,
    role,
    parts,
    status: 'done',
    model: asked ? null : 'offline',
    credits: asked ? null : 1,
    created_at: T0,
  };
}

export const MESSAGES: ChatMessage[] = [
  message('q1', 'user', [{ type: 'content', content: FIRST_QUESTION }]),
  message('a1', 'assistant', [
    { type: 'content', content: '**Sessions** by channel' },
    GRID,
    { type: 'sql', statements: [SQL_TEXT], result_id: 'r1' },
  ]),
  message('q2', 'user', [{ type: 'content', content: SECOND_QUESTION }]),
  message('a2', 'assistant', [{ type: 'content', content: 'The top landing page is the home page.' }]),
];

/** What `/chat/c1` asks the server, with the kept chat above. */
export function keptChatRoutes(over: StubRoutes = {}): StubRoutes {
  return {
    ...signedInRoutes(),
    'GET /api/chats': { body: { items: [CHAT], total: 1 } },
    'GET /api/chats/c1': { body: { chat: CHAT, messages: MESSAGES } },
    'GET /api/chats/assistant': { body: { offline: true, model: 'offline', message_credits: 1 } },
    'GET /api/analytics/sources': { body: { items: [] } },
    ...over,
  };
}

/**
 * jsdom lays nothing out and its Range has no client rects, which CodeMirror and ProseMirror ask
 * for when they draw a selection or scroll to it. Empty rects are what a layout-less page would
 * answer; the editors' text, highlighting and commands still run for real (their look is checked
 * in Chromium, e2e/).
 */
export function emptyRangeRects(): void {
  const empty = () => new DOMRect(0, 0, 0, 0);
  const none = () =>
    ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= none;
  Range.prototype.getBoundingClientRect ??= empty;
}
