import type { Chat, ChatMessage } from '@app/contract/chat/chats';
import type { ReplyPart } from '@app/contract/chat/parts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { type StubRoutes, stubFetch } from '../../app/testing/stub-fetch';

// AG Charts does not draw in jsdom: the stand-in shows what the page hands it.
vi.mock('ag-charts-react', () => ({
  AgCharts: ({ options }: { options: { title?: { text: string }; series?: { yKey: string }[] } }) => (
    <output aria-label="Reply chart">
      {JSON.stringify({ title: options.title?.text, series: options.series?.map((s) => s.yKey) })}
    </output>
  ),
}));
vi.mock('ag-charts-community', () => ({
  BarSeriesModule: {},
  LineSeriesModule: {},
  CartesianChartModule: {},
  CategoryAxisModule: {},
  NumberAxisModule: {},
  LegendModule: {},
  LocaleModule: {},
}));

const T0 = 1_795_000_000;
const CHAT: Chat = { id: 'c1', title: 'Sessions by channel', created_at: T0, updated_at: T0 };

const RANGES = [
  { role: 'current' as const, label: 'Last 30 days', start: '2026-10-28', end: '2026-11-26' },
  { role: 'previous' as const, label: 'Preceding period', start: '2026-09-28', end: '2026-10-27' },
];
const FRESHNESS = [
  {
    source: 'ga',
    demo: true,
    property: 'properties/1',
    property_name: 'Demo Store (GA4)',
    synced_at: T0,
    complete_through: '2026-11-26',
  },
];

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
  ranges: RANGES,
  freshness: FRESHNESS,
};
const CHART: ReplyPart = {
  type: 'ag_chart',
  options: {
    title: { text: 'Sessions by Channel' },
    data: [{ channel: 'Direct', sessions: 40240 }],
    series: [{ type: 'bar', xKey: 'channel', yKey: 'sessions', yName: 'Sessions' }],
    axes: {
      x: { type: 'category', position: 'bottom', title: { text: 'Channel' } },
      y: { type: 'number', position: 'left', title: { text: 'Sessions' } },
    },
    legend: { enabled: false, position: 'bottom' },
  },
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
  ranges: RANGES,
  freshness: FRESHNESS,
};
const SQL: ReplyPart = {
  type: 'sql',
  statements: ['select channel, sum(sessions) from ga_daily'],
  result_id: 'r1',
};

function message(over: Partial<ChatMessage>): ChatMessage {
  return {
    id: 'm',
    role: 'assistant',
    parts: [],
    status: 'done',
    model: 'offline',
    credits: 1,
    created_at: T0,
    ...over,
  };
}

/** The reply stream as the server writes it: SSE frames of the AI SDK's UI message stream. */
function replyStream(frames: object[]): Response {
  const body = `${frames.map((frame) => `data: ${JSON.stringify(frame)}\n\n`).join('')}data: [DONE]\n\n`;
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

function routes(over: StubRoutes = {}): StubRoutes {
  return {
    ...signedInRoutes(),
    'GET /api/chats': { body: { items: [CHAT], total: 1 } },
    'GET /api/chats/assistant': { body: { offline: true, model: 'offline', message_credits: 1 } },
    'GET /api/analytics/sources': {
      body: {
        items: [
          {
            source: 'ga',
            origin: 'demo',
            label: 'Google Analytics 4',
            metrics: [],
            dimensions: [],
            freshness: [],
          },
        ],
      },
    },
    ...over,
  };
}

describe('/chat', () => {
  it('lists my chats and opens the welcome with examples, the source picker and who answers', async () => {
    signIn();
    stubFetch(routes());
    renderApp('/chat');

    expect(await screen.findByRole('heading', { name: 'Ask about your marketing data' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Sessions by channel' })).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Sessions by channel, last 30 days vs the preceding period' }),
    ).toBeTruthy();
    expect(await screen.findByText('Offline assistant')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Message' }).hasAttribute('disabled')).toBe(false);
    // Nothing typed, nothing to send.
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);
  });

  it('streams a reply into the chat: text, the grid with its source, the chart, the SQL and the cost', async () => {
    signIn();
    let kept: ChatMessage[] = [];
    const fetch = stubFetch(
      routes({
        'GET /api/chats/c1': () => ({ body: { chat: CHAT, messages: kept } }),
        'POST /api/chats/c1/messages': (request) => {
          const body = request.json() as { id: string; text: string };
          kept = [
            message({
              id: 'q',
              role: 'user',
              parts: [{ type: 'content', content: body.text }],
              model: null,
              credits: null,
            }),
            message({
              id: 'a',
              parts: [{ type: 'content', content: '**Sessions** by channel' }, GRID, CHART, SQL],
            }),
          ];
          return replyStream([
            { type: 'start' },
            { type: 'data-part', data: GRID },
            { type: 'data-part', data: CHART },
            { type: 'data-part', data: SQL },
            { type: 'text-start', id: 't' },
            { type: 'text-delta', id: 't', delta: '**Sessions** ' },
            { type: 'text-delta', id: 't', delta: 'by channel' },
            { type: 'text-end', id: 't' },
            {
              type: 'data-cost',
              data: { credits: 1, model: 'offline', input_tokens: 0, output_tokens: 0, status: 'done' },
            },
            { type: 'finish' },
          ]);
        },
      }),
    );
    renderApp('/chat/c1');

    const box = await screen.findByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'sessions by channel, last 30 days vs the preceding period' } });
    fireEvent.keyDown(box, { key: 'Enter' });

    expect(await screen.findByText('Organic Search')).toBeTruthy();
    expect(await screen.findByLabelText('Reply chart')).toBeTruthy();
    expect(await screen.findByText(/Source: Demo Store \(GA4\) \(Demo\)/)).toBeTruthy();
    expect(await screen.findByText('Credits: 1 · Offline assistant')).toBeTruthy();
    expect(screen.getByText('SQL')).toBeTruthy();
    const sent = fetch.callsTo('POST /api/chats/c1/messages')[0]?.json() as {
      id: string;
      text: string;
      regenerate: boolean;
    };
    expect(sent.text).toBe('sessions by channel, last 30 days vs the preceding period');
    // The question's own id: the key of its credit hold.
    expect(sent.id).toMatch(/^q-[0-9a-f-]{36}$/);
    expect(sent.regenerate).toBe(false);
    // Once done, the kept chat is read again and shown as kept.
    await waitFor(() => expect(fetch.callsTo('GET /api/chats/c1').length).toBeGreaterThanOrEqual(2));
    expect(await screen.findByRole('button', { name: 'Regenerate' })).toBeTruthy();
  });

  it('a question refused for credits keeps its text in the box and opens the top-up dialog', async () => {
    signIn();
    stubFetch(
      routes({
        'GET /api/chats/c1': { body: { chat: CHAT, messages: [] } },
        'POST /api/chats/c1/messages': {
          status: 402,
          body: {
            error_code: 'INSUFFICIENT_CREDITS',
            msg: 'Insufficient credits',
            req_id: 'r',
            msg_limit: { required: 1, balance: 0 },
          },
        },
      }),
    );
    renderApp('/chat/c1');
    const box = await screen.findByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'sessions last 7 days' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Insufficient credits').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('This needs 1 credit; 0 are free to use.')).toBeTruthy();
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe('sessions last 7 days'));
  });

  it("exports a reply's result to XLSX into storage and opens the download in a new window", async () => {
    signIn();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const fetch = stubFetch(
      routes({
        'GET /api/chats/c1': {
          body: {
            chat: CHAT,
            messages: [
              message({
                id: 'q',
                role: 'user',
                parts: [{ type: 'content', content: 'sessions' }],
                model: null,
                credits: null,
              }),
              message({ id: 'a', parts: [GRID] }),
            ],
          },
        },
        'POST /api/analytics/results/r1/export': {
          body: {
            file_path: '/api/storage/download?token=t1',
            expires_at: T0,
            file: {
              id: 'f1',
              name: 'Sessions.xlsx',
              ext: 'xlsx',
              mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              size: 100,
              folder_id: null,
              uploaded_by: { id: 'u', username: 'Ada' },
              created_at: T0,
              origin: 'generated',
            },
          },
        },
      }),
    );
    renderApp('/chat/c1');
    fireEvent.click(await screen.findByRole('button', { name: 'Export XLSX' }));
    await waitFor(() =>
      expect(fetch.callsTo('POST /api/analytics/results/r1/export')[0]?.json()).toEqual({ format: 'xlsx' }),
    );
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('/api/storage/download?token=t1', '_blank', 'noopener,noreferrer'),
    );
  });

  it('renames and deletes a chat from the list', async () => {
    signIn();
    const fetch = stubFetch(
      routes({
        'PATCH /api/chats/c1': (request) => ({
          body: { chat: { ...CHAT, title: (request.json() as { title: string }).title } },
        }),
        'DELETE /api/chats/c1': { body: { deleted: true } },
      }),
    );
    renderApp('/chat');
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Sessions by channel' }));
    const title = await screen.findByRole('textbox', { name: 'Title' });
    fireEvent.change(title, { target: { value: 'Channels' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(fetch.callsTo('PATCH /api/chats/c1')[0]?.json()).toEqual({ title: 'Channels' }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Delete Sessions by channel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(fetch.callsTo('DELETE /api/chats/c1')).toHaveLength(1));
  });
});
