import type { AiTableRow, ColumnRun } from '@app/contract/ai-tables/tables';
import type { Dataset } from '@app/contract/analytics/datasets';
import { OFFLINE_MODEL } from '@app/contract/billing/prices';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import zhWeb from '../../../../server/src/modules/i18n/seed/web.zh_CN.json';
import zhTables from '../../../../server/src/modules/i18n/seed/web-ai-tables.zh_CN.json';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { type StubRoutes, stubFetch } from '../../app/testing/stub-fetch';
import type { AiTableAnswer } from '../../lib/ai-tables/table-cache';
import { changeLanguage } from '../../lib/i18n/change-language';
import { applyUserBasicEvent } from '../../lib/realtime/user-basic-events';
import {
  AI_T0,
  aiColumnFixture,
  aiTableAnswerFixture,
  aiTableFixture,
  cellFixture,
  rowFixture,
  runFixture,
} from '../../lib/testing/ai-table-fixtures';
import { FALLBACK_REFETCH_MS } from './table-view';

const AD = {
  displayUrl: 'https://shop.example.com',
  paths: ['shoes', 'running'],
  headlines: ['Running shoes on sale', 'Free returns', 'Ships today'],
  descriptions: ['Light running shoes for every road.', 'Order by 5 pm.'],
};

const DATASET: Dataset = {
  id: 'ds-1',
  name: 'Keywords.csv',
  file_id: 'f1',
  status: 'ready',
  progress: 100,
  error: null,
  row_count: 120,
  columns: [],
  created_at: AI_T0,
  updated_at: AI_T0,
};

const STORED_FILE = {
  id: 'f9',
  name: 'Campaign keywords.csv',
  ext: 'csv',
  mime: 'text/csv',
  size: 100,
  folder_id: null,
  uploaded_by: { id: 'user-1', username: 'Ada' },
  created_at: AI_T0,
  origin: 'generated' as const,
};

/** The admin configured two providers; the chat answers with the first. */
const MODELS = {
  items: [
    { id: 'gpt-4o-mini', kind: 'llm_openai_compatible' },
    { id: 'claude-haiku', kind: 'llm_anthropic' },
    { id: OFFLINE_MODEL, kind: 'offline' },
  ],
  default_model: 'gpt-4o-mini',
};

function routes(over: StubRoutes = {}): StubRoutes {
  return {
    ...signedInRoutes(),
    'GET /api/ai-tables': { body: { items: [aiTableFixture()], allowed: true, cell_price: 1 } },
    'GET /api/ai-tables/models': { body: MODELS },
    'GET /api/analytics/datasets': {
      body: { items: [DATASET, { ...DATASET, id: 'ds-2', status: 'importing' }] },
    },
    ...over,
  };
}

/** A table whose GET answers what `state` holds now, so a test can change what the server has. */
function tableServer(answer: AiTableAnswer) {
  const state = { answer };
  const route = { 'GET /api/ai-tables/tbl-1': () => ({ body: state.answer }) };
  return { state, route };
}

const adRows = (cells: Record<string, AiTableRow['cells']> = {}): AiTableRow[] => [
  rowFixture('r1', { campaign: 'Spring', keyword: 'running shoes', clicks: 120 }, cells.r1 ?? {}),
  rowFixture('r2', { campaign: 'Spring', keyword: 'trail shoes', clicks: 80 }, cells.r2 ?? {}),
];

/** AG Grid's choose box of a row (its row id is the table row's). */
function rowBox(rowId: string): HTMLElement {
  const box = document.querySelector(`[row-id="${rowId}"] input[type="checkbox"]`);
  if (!(box instanceof HTMLElement)) throw new Error(`no choose box in row ${rowId}`);
  return box;
}

/** The pop-over's confirming button, once the question is showing. */
async function confirmWith(name: string) {
  fireEvent.click(await screen.findByRole('button', { name }));
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('/ai-table in Chinese', () => {
  afterEach(async () => {
    // Unmounted first, then back to English for the next file's tests.
    cleanup();
    stubFetch();
    await changeLanguage('en_US');
  });

  it('a failed cell says why in the reader’s language', async () => {
    signIn();
    const server = tableServer(
      aiTableAnswerFixture({
        rows: adRows({
          r2: { 'col-ad': cellFixture({ status: 'failed', error: 'The model answered nothing' }) },
        }),
      }),
    );
    stubFetch({
      ...routes(server.route),
      'POST /api/babel/text': { body: { version: 1, loc: 'zh_CN', msgstrs: { ...zhWeb, ...zhTables } } },
    });
    await changeLanguage('zh_CN');
    renderApp('/ai-table?table=tbl-1');
    fireEvent.mouseEnter(await screen.findByText('失败', {}, { timeout: 30_000 }));
    expect(await screen.findByText('模型没有给出回答')).toBeTruthy();
  });
});

describe('/ai-table', () => {
  it('a plan without AI tables is told before any work, with the way to upgrade', async () => {
    signIn();
    stubFetch(routes({ 'GET /api/ai-tables': { body: { items: [], allowed: false, cell_price: 1 } } }));
    renderApp('/ai-table');
    const alert = await screen.findByText(
      'Your plan does not include AI tables: you can make tables, but not run AI columns.',
    );
    expect(alert).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/account/subscription');
  });

  it('a plan with AI tables shows no such notice', async () => {
    signIn();
    stubFetch(routes());
    renderApp('/ai-table');
    expect(await screen.findByRole('link', { name: 'Campaign keywords' })).toBeTruthy();
    expect(screen.queryByText(/Your plan does not include AI tables/)).toBeNull();
  });

  it("lists the team's tables with their source and rows, and a table made from a ready dataset opens", async () => {
    signIn();
    const made = aiTableFixture({ id: 'tbl-2', name: 'Keyword ideas' });
    const fetch = stubFetch(
      routes({
        'POST /api/ai-tables': { body: { table: made } },
        'GET /api/ai-tables/tbl-2': {
          body: aiTableAnswerFixture({ table: made, columns: aiTableAnswerFixture().columns.slice(0, 3) }),
        },
      }),
    );
    const user = userEvent.setup();
    const app = renderApp('/ai-table');

    expect(await screen.findByRole('heading', { name: 'AI tables' })).toBeTruthy();
    const row = (await screen.findByRole('link', { name: 'Campaign keywords' })).closest('tr');
    if (!row) throw new Error('no table row');
    expect(within(row).getByText('Keywords.csv')).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'New table' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Table name' }), {
      target: { value: 'Keyword ideas' },
    });
    await user.click(screen.getByRole('combobox', { name: 'Dataset' }));
    // Only a dataset that finished importing can give rows.
    const dropdown = await waitFor(() => {
      const open = document.querySelector<HTMLElement>(
        '.ant-select-dropdown:not(.ant-select-dropdown-hidden)',
      );
      if (!open) throw new Error('no dropdown');
      return open;
    });
    await waitFor(() => expect(within(dropdown).getAllByRole('option')).toHaveLength(1));
    await user.click(within(dropdown).getByTitle('Keywords.csv · Rows: 120'));
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(fetch.callsTo('POST /api/ai-tables')).toHaveLength(1));
    expect(fetch.callsTo('POST /api/ai-tables')[0]?.json()).toEqual({
      name: 'Keyword ideas',
      source: { kind: 'dataset', dataset_id: 'ds-1' },
    });
    await waitFor(() => expect(app.location()).toBe('/ai-table?table=tbl-2'));
    expect(await screen.findByRole('heading', { name: 'Keyword ideas' })).toBeTruthy();
  });

  it('a link with a kept result opens the form filled with it, and creating makes the table from that result', async () => {
    signIn();
    const fetch = stubFetch(
      routes({
        'POST /api/ai-tables': { body: { table: aiTableFixture({ id: 'tbl-3' }) } },
        'GET /api/ai-tables/tbl-3': {
          body: aiTableAnswerFixture({ table: aiTableFixture({ id: 'tbl-3' }) }),
        },
      }),
    );
    const app = renderApp('/ai-table?result_id=res-9&name=Top%20keywords');
    const name = await screen.findByRole('textbox', { name: 'Table name' });
    expect((name as HTMLInputElement).value).toBe('Top keywords');
    expect((screen.getByRole('textbox', { name: 'Kept result' }) as HTMLInputElement).value).toBe('res-9');

    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(fetch.callsTo('POST /api/ai-tables')[0]?.json()).toEqual({
        name: 'Top keywords',
        source: { kind: 'result', result_id: 'res-9' },
      }),
    );
    await waitFor(() => expect(app.location()).toBe('/ai-table?table=tbl-3'));
  });

  it('shows the data columns, then each AI cell as its value or state, and an ad-copy cell opens its full ad preview', async () => {
    signIn();
    const server = tableServer(
      aiTableAnswerFixture({
        table: aiTableFixture({ row_count: 10_000, truncated: true }),
        rows: [
          ...adRows({
            r1: { 'col-ad': cellFixture({ status: 'done', value: AD, prompt_version: 1 }) },
            r2: { 'col-ad': cellFixture({ status: 'failed', error: 'The model timed out' }) },
          }),
          rowFixture(
            'r3',
            { campaign: 'Fall', keyword: 'boots', clicks: 1_234 },
            {
              'col-ad': cellFixture({ status: 'queued' }),
            },
          ),
        ],
      }),
    );
    stubFetch(routes(server.route));
    renderApp('/ai-table?table=tbl-1');

    expect(await screen.findByRole('heading', { name: 'Campaign keywords' })).toBeTruthy();
    expect(screen.getByTestId('ai-table-meta').textContent).toBe('Source: Keywords.csv · Rows: 10,000');
    expect(screen.getByText('Cut to 10,000 rows')).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['', 'Campaign', 'Keyword', 'Clicks', 'Ad copy']);
    expect(screen.getByText('1,234')).toBeTruthy();
    expect(screen.getByText('Queued')).toBeTruthy();

    // A failed cell says so, with the error on hover.
    fireEvent.mouseEnter(screen.getByText('Failed'));
    expect(await screen.findByText('The model timed out')).toBeTruthy();

    // An ad reads as one line of headlines; a click shows it as a search result would.
    fireEvent.click(
      screen.getByRole('button', { name: 'Running shoes on sale | Free returns | Ships today' }),
    );
    const preview = await screen.findByRole('article', { name: 'Ad preview' });
    expect(within(preview).getByText('Light running shoes for every road.', { exact: false })).toBeTruthy();
    expect(within(preview).getByText('Sponsored')).toBeTruthy();
  });

  it('starting a run says its cells and cost first, posts which cells, and shows the run progressing', async () => {
    signIn();
    const server = tableServer(aiTableAnswerFixture({ rows: adRows(), cell_price: 3 }));
    const run = runFixture({ total: 2 });
    const fetch = stubFetch(
      routes({
        ...server.route,
        'POST /api/ai-tables/tbl-1/columns/col-ad/runs': () => {
          server.state.answer = {
            ...server.state.answer,
            runs: [run],
            rows: adRows({
              r1: { 'col-ad': cellFixture({ status: 'queued' }) },
              r2: { 'col-ad': cellFixture({ status: 'queued' }) },
            }),
          };
          return { body: { run } };
        },
      }),
    );
    renderApp('/ai-table?table=tbl-1');

    fireEvent.click(await screen.findByRole('button', { name: 'Run' }));
    expect(await screen.findByText('Make the empty cells of Ad copy?')).toBeTruthy();
    expect(screen.getByText('2 cells · about 6 credits')).toBeTruthy();
    await confirmWith('Start the run');

    await waitFor(() =>
      expect(fetch.callsTo('POST /api/ai-tables/tbl-1/columns/col-ad/runs')).toHaveLength(1),
    );
    expect(fetch.callsTo('POST /api/ai-tables/tbl-1/columns/col-ad/runs')[0]?.json()).toEqual({
      cells: 'empty',
    });
    expect(await screen.findByRole('progressbar', { name: 'Progress of Ad copy' })).toBeTruthy();
    expect(screen.getByText(/0 of 2 done · 0 credits so far/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('Queued')).toHaveLength(2));
  });

  it('re-running all asks with the warning that it charges again', async () => {
    signIn();
    const done = cellFixture({ status: 'done', value: AD, prompt_version: 1 });
    const server = tableServer(
      aiTableAnswerFixture({ rows: adRows({ r1: { 'col-ad': done }, r2: { 'col-ad': done } }) }),
    );
    const fetch = stubFetch(
      routes({
        ...server.route,
        'POST /api/ai-tables/tbl-1/columns/col-ad/runs': { body: { run: runFixture() } },
      }),
    );
    renderApp('/ai-table?table=tbl-1');
    // Nothing is empty or failed: those runs would make nothing.
    const run = await screen.findByRole('button', { name: 'Run' });
    expect(run.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Re-run failed' }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Re-run all' }));
    expect(await screen.findByText('Cells already made are replaced and charged again.')).toBeTruthy();
    expect(screen.getByText('2 cells · about 4 credits')).toBeTruthy();
    await confirmWith('Start the run');
    await waitFor(() =>
      expect(fetch.callsTo('POST /api/ai-tables/tbl-1/columns/col-ad/runs')[0]?.json()).toEqual({
        cells: 'all',
      }),
    );
  });

  it('re-runs only the rows chosen in the grid', async () => {
    signIn();
    const server = tableServer(aiTableAnswerFixture({ rows: adRows() }));
    const fetch = stubFetch(
      routes({
        ...server.route,
        'POST /api/ai-tables/tbl-1/columns/col-ad/runs': { body: { run: runFixture() } },
      }),
    );
    renderApp('/ai-table?table=tbl-1');
    const chosen = await screen.findByRole('button', { name: 'Re-run chosen rows (0)' });
    expect(chosen.hasAttribute('disabled')).toBe(true);

    fireEvent.click(rowBox('r2'));
    expect(await screen.findByText('Rows chosen: 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Re-run chosen rows (1)' }));
    expect(await screen.findByText('1 cell · about 2 credits')).toBeTruthy();
    await confirmWith('Start the run');
    await waitFor(() =>
      expect(fetch.callsTo('POST /api/ai-tables/tbl-1/columns/col-ad/runs')[0]?.json()).toEqual({
        cells: { row_ids: ['r2'] },
      }),
    );
  });

  it("the header's box chooses every row shown, and clearing the choice clears the boxes", async () => {
    signIn();
    stubFetch(routes(tableServer(aiTableAnswerFixture({ rows: adRows() })).route));
    renderApp('/ai-table?table=tbl-1');
    fireEvent.click(await screen.findByRole('checkbox', { name: /^Choose every row shown/ }));
    expect(await screen.findByText('Rows chosen: 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Re-run chosen rows (2)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear the choice' }));
    await waitFor(() => expect((rowBox('r1') as HTMLInputElement).checked).toBe(false));
    expect((rowBox('r2') as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByText(/Rows chosen/)).toBeNull();
  });

  it('an ai_table_run message on the event stream updates the shown cells and counts', async () => {
    signIn();
    const queued = { 'col-ad': cellFixture({ status: 'queued' }) };
    const server = tableServer(
      aiTableAnswerFixture({ rows: adRows({ r1: queued, r2: queued }), runs: [runFixture({ total: 2 })] }),
    );
    stubFetch(routes(server.route));
    const app = renderApp('/ai-table?table=tbl-1');
    expect(await screen.findByText(/0 of 2 done/)).toBeTruthy();

    act(() => {
      applyUserBasicEvent(app.queryClient, {
        ai_table_run: {
          ...runFixture({ total: 2, done: 1, failed: 1, credits: 3 }),
          table_id: 'tbl-1',
          cells: [
            {
              row_id: 'r1',
              column_id: 'col-ad',
              cell: cellFixture({ status: 'done', value: AD, prompt_version: 1 }),
            },
            { row_id: 'r2', column_id: 'col-ad', cell: cellFixture({ status: 'failed', error: 'Refused' }) },
          ],
        },
      });
    });
    expect(await screen.findByText(/1 of 2 done · 1 failed · 3 credits so far/)).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Running shoes on sale | Free returns | Ships today' }),
    ).toBeTruthy();
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(screen.queryByText('Queued')).toBeNull();
  });

  it('pause, resume and cancel post their action for the live run', async () => {
    signIn();
    const server = tableServer(aiTableAnswerFixture({ rows: adRows(), runs: [runFixture()] }));
    // The server keeps what each action did, as a re-read after it would find.
    const answer = (status: ColumnRun['status']) => () => {
      server.state.answer = { ...server.state.answer, runs: [runFixture({ status })] };
      return { body: { run: runFixture({ status }) } };
    };
    const fetch = stubFetch(
      routes({
        ...server.route,
        'POST /api/ai-tables/tbl-1/runs/run-1/pause': answer('paused'),
        'POST /api/ai-tables/tbl-1/runs/run-1/resume': answer('running'),
        'POST /api/ai-tables/tbl-1/runs/run-1/cancel': answer('cancelled'),
      }),
    );
    renderApp('/ai-table?table=tbl-1');

    fireEvent.click(await screen.findByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(fetch.callsTo('POST /api/ai-tables/tbl-1/runs/run-1/pause')).toHaveLength(1));
    fireEvent.click(await screen.findByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(fetch.callsTo('POST /api/ai-tables/tbl-1/runs/run-1/resume')).toHaveLength(1));
    await screen.findByRole('button', { name: 'Pause' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel run' }));
    await waitFor(() => expect(fetch.callsTo('POST /api/ai-tables/tbl-1/runs/run-1/cancel')).toHaveLength(1));
    // A cancelled run is over: the column offers its runs again.
    expect(await screen.findByText(/Last run: Canceled/)).toBeTruthy();
  });

  it('while stream messages keep coming, the table is not read again; 5 s of quiet reads it once', async () => {
    vi.useFakeTimers({
      toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
      shouldAdvanceTime: true,
    });
    signIn();
    const server = tableServer(aiTableAnswerFixture({ rows: adRows(), runs: [runFixture({ total: 2 })] }));
    const fetch = stubFetch(routes(server.route));
    const app = renderApp('/ai-table?table=tbl-1');
    expect(await screen.findByText(/0 of 2 done/)).toBeTruthy();
    const reads = () => fetch.callsTo('GET /api/ai-tables/tbl-1').length;
    const before = reads();
    // A message every 2 s for 12 s: the stream is live, so the 10,000-row table is not re-read.
    for (let i = 0; i < 6; i += 1) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2_000);
        applyUserBasicEvent(app.queryClient, {
          ai_table_run: { ...runFixture({ total: 2, done: 0 }), table_id: 'tbl-1', cells: [] },
        });
      });
    }
    expect(reads()).toBe(before);
    // Then nothing for 5 s: one read, in case the stream dropped.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(FALLBACK_REFETCH_MS + 1_000);
    });
    await waitFor(() => expect(reads()).toBe(before + 1));
  });

  it('re-reads the table after 5 s without news while a run is running, in case a stream message was lost', async () => {
    vi.useFakeTimers({
      toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
      shouldAdvanceTime: true,
    });
    signIn();
    const server = tableServer(aiTableAnswerFixture({ rows: adRows(), runs: [runFixture()] }));
    const fetch = stubFetch(routes(server.route));
    renderApp('/ai-table?table=tbl-1');
    expect(await screen.findByText(/0 of 2 done/)).toBeTruthy();
    const reads = () => fetch.callsTo('GET /api/ai-tables/tbl-1').length;
    const before = reads();
    server.state.answer = { ...server.state.answer, runs: [runFixture({ done: 2, status: 'done' })] };
    await act(async () => {
      await vi.advanceTimersByTimeAsync(FALLBACK_REFETCH_MS);
    });
    await waitFor(() => expect(reads()).toBe(before + 1));
    expect(await screen.findByText(/Last run: Completed/)).toBeTruthy();
    // Nothing is running any more: no further reads.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(FALLBACK_REFETCH_MS * 2);
    });
    expect(reads()).toBe(before + 1);
  });

  it('adds an AI column: the field chips put {{field}} into the prompt, and a label column sends its labels', async () => {
    signIn();
    const server = tableServer(aiTableAnswerFixture({ columns: aiTableAnswerFixture().columns.slice(0, 3) }));
    const fetch = stubFetch(
      routes({
        ...server.route,
        'POST /api/ai-tables/tbl-1/columns': (request) => {
          const body = request.json() as { name: string; prompt: string; output: 'label'; labels: string[] };
          const column = aiColumnFixture({
            id: 'col-intent',
            name: body.name,
            ai: { prompt: body.prompt, output: body.output, labels: body.labels, prompt_version: 1 },
          });
          server.state.answer = { ...server.state.answer, columns: [...server.state.answer.columns, column] };
          return { body: { column } };
        },
      }),
    );
    const user = userEvent.setup();
    renderApp('/ai-table?table=tbl-1');
    expect(
      await screen.findByText('Add an AI column: a prompt over the row fields, run for every row.'),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add AI column' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Column name' }), {
      target: { value: 'Intent' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Prompt' }), { target: { value: 'Intent of ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Insert the field Keyword' }));
    await user.click(screen.getByRole('combobox', { name: 'Output' }));
    await user.click(await screen.findByTitle('A label from a list'));
    const labels = await screen.findByRole('combobox', { name: 'Labels to choose from' });
    await user.type(labels, 'Buy{Enter}');
    await user.type(labels, 'Learn{Enter}');
    fireEvent.click(screen.getByRole('button', { name: 'Add column' }));

    await waitFor(() =>
      expect(fetch.callsTo('POST /api/ai-tables/tbl-1/columns')[0]?.json()).toEqual({
        name: 'Intent',
        prompt: 'Intent of {{keyword}}',
        output: 'label',
        labels: ['Buy', 'Learn'],
        model: null,
      }),
    );
    expect(await screen.findByRole('region', { name: 'Intent' })).toBeTruthy();
  });

  it("a column can be written by another configured model: the list names each with its provider, the assistant's first", async () => {
    signIn();
    const server = tableServer(aiTableAnswerFixture({ columns: aiTableAnswerFixture().columns.slice(0, 3) }));
    const fetch = stubFetch(
      routes({
        ...server.route,
        'POST /api/ai-tables/tbl-1/columns': (request) => {
          const body = request.json() as { name: string; prompt: string; model: string };
          const column = aiColumnFixture({
            id: 'col-theme',
            name: body.name,
            ai: { prompt: body.prompt, output: 'text', model: body.model, prompt_version: 1 },
          });
          return { body: { column } };
        },
      }),
    );
    const user = userEvent.setup();
    renderApp('/ai-table?table=tbl-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Add AI column' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Column name' }), {
      target: { value: 'Theme' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Prompt' }), {
      target: { value: 'Theme of {{keyword}}' },
    });
    await user.click(screen.getByRole('combobox', { name: 'Model' }));
    // Shown as the choice and first in the list.
    expect(await screen.findAllByTitle("The assistant's model (gpt-4o-mini)")).toHaveLength(2);
    expect(screen.getByTitle('gpt-4o-mini · OpenAI-compatible')).toBeTruthy();
    expect(screen.getByTitle('Offline writer: arithmetic over the row, no model')).toBeTruthy();
    await user.click(screen.getByTitle('claude-haiku · Anthropic'));
    fireEvent.click(screen.getByRole('button', { name: 'Add column' }));
    await waitFor(() =>
      expect(fetch.callsTo('POST /api/ai-tables/tbl-1/columns')[0]?.json()).toMatchObject({
        name: 'Theme',
        model: 'claude-haiku',
      }),
    );
  });

  it('a column whose model is no longer offered says so when edited', async () => {
    signIn();
    const gone = aiColumnFixture({
      id: 'col-gone',
      key: 'ai_2',
      name: 'Theme',
      ai: { prompt: 'Theme of {{keyword}}', output: 'text', model: 'gpt-retired', prompt_version: 1 },
    });
    stubFetch(
      routes(
        tableServer(aiTableAnswerFixture({ columns: [...aiTableAnswerFixture().columns.slice(0, 3), gone] }))
          .route,
      ),
    );
    renderApp('/ai-table?table=tbl-1');
    const region = await screen.findByRole('region', { name: 'Theme' });
    fireEvent.click(within(region).getByRole('button', { name: 'Edit prompt' }));
    expect(await screen.findByTitle('gpt-retired (no longer offered)')).toBeTruthy();
  });

  it('a text cell written by hand is saved through editAiCell and shown', async () => {
    signIn();
    const text = aiColumnFixture({
      id: 'col-txt',
      key: 'ai_2',
      name: 'Theme',
      ai: { prompt: 'Theme of {{keyword}}', output: 'text', prompt_version: 2 },
    });
    const server = tableServer(
      aiTableAnswerFixture({
        columns: [...aiTableAnswerFixture().columns.slice(0, 3), text],
        rows: adRows({
          r1: { 'col-txt': cellFixture({ status: 'done', value: 'Speed', prompt_version: 1 }) },
        }),
      }),
    );
    const fetch = stubFetch(
      routes({
        ...server.route,
        'PUT /api/ai-tables/tbl-1/rows/r1/cells/col-txt': (request) => ({
          body: {
            cell: cellFixture({
              status: 'done',
              value: (request.json() as { value: string }).value,
              prompt_version: null,
            }),
          },
        }),
      }),
    );
    renderApp('/ai-table?table=tbl-1');
    // Made with an older prompt: the cell says so.
    expect(await screen.findByLabelText('Made with prompt version 1')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Edit cell' })[0] as HTMLElement);
    const input = await screen.findByRole('textbox', { name: 'Cell value' });
    fireEvent.change(input, { target: { value: 'Comfort' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });

    await waitFor(() =>
      expect(fetch.callsTo('PUT /api/ai-tables/tbl-1/rows/r1/cells/col-txt')[0]?.json()).toEqual({
        value: 'Comfort',
      }),
    );
    expect(await screen.findByText('Comfort')).toBeTruthy();
    expect(fetch.callsTo('PUT /api/ai-tables/tbl-1/rows/r1/cells/col-txt')).toHaveLength(1);
  });

  it('an ad-copy cell is edited in the ad editor and saved through editAiCell', async () => {
    signIn();
    const server = tableServer(
      aiTableAnswerFixture({
        rows: adRows({ r1: { 'col-ad': cellFixture({ status: 'done', value: AD, prompt_version: 1 }) } }),
      }),
    );
    const fetch = stubFetch(
      routes({
        ...server.route,
        'PUT /api/ai-tables/tbl-1/rows/r1/cells/col-ad': (request) => ({
          body: {
            cell: cellFixture({ status: 'done', value: (request.json() as { value: typeof AD }).value }),
          },
        }),
      }),
    );
    renderApp('/ai-table?table=tbl-1');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Running shoes on sale | Free returns | Ships today' }),
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Edit' }));
    const headline = await within(dialog).findByLabelText('Headline 2');
    fireEvent.change(headline, { target: { value: 'Free shipping' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(fetch.callsTo('PUT /api/ai-tables/tbl-1/rows/r1/cells/col-ad')[0]?.json()).toEqual({
        value: { ...AD, headlines: ['Running shoes on sale', 'Free shipping', 'Ships today'] },
      }),
    );
    expect(
      await screen.findByRole('button', { name: 'Running shoes on sale | Free shipping | Ships today' }),
    ).toBeTruthy();
  });

  it('export makes the file and opens its link in a new window', async () => {
    signIn();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const server = tableServer(aiTableAnswerFixture());
    const fetch = stubFetch(
      routes({
        ...server.route,
        'POST /api/ai-tables/tbl-1/export': {
          body: { file_path: '/api/storage/download?token=t9', expires_at: AI_T0, file: STORED_FILE },
        },
      }),
    );
    renderApp('/ai-table?table=tbl-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(fetch.callsTo('POST /api/ai-tables/tbl-1/export')[0]?.json()).toEqual({ format: 'csv' }),
    );
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('/api/storage/download?token=t9', '_blank', 'noopener,noreferrer'),
    );
  });

  it('deleting a table asks first, then goes back to the list', async () => {
    signIn();
    const server = tableServer(aiTableAnswerFixture());
    const fetch = stubFetch(
      routes({ ...server.route, 'DELETE /api/ai-tables/tbl-1': { body: { deleted: true } } }),
    );
    const app = renderApp('/ai-table?table=tbl-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete the table Campaign keywords?')).toBeTruthy();
    expect(fetch.callsTo('DELETE /api/ai-tables/tbl-1')).toHaveLength(0);
    const popover = screen.getByText('Delete the table Campaign keywords?').closest('.ant-popover');
    fireEvent.click(within(popover as HTMLElement).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(fetch.callsTo('DELETE /api/ai-tables/tbl-1')).toHaveLength(1));
    await waitFor(() => expect(app.location()).toBe('/ai-table'));
  });
});
