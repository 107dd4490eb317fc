import type { JobRun } from '@app/contract/admin/logs/job-runs';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { type StubRoutes, stubFetch } from '../../app/testing/stub-fetch';

function run(overrides: Partial<JobRun>): JobRun {
  return {
    id: 1,
    queue: 'email.retry',
    job_id: 'job-a',
    attempt: 3,
    retry_limit: 2,
    status: 'failed',
    error: 'SMTP refused the connection',
    data: { ids: ['e-1'] },
    runner: 'instance-1',
    start_time: 1_700_000_000,
    end_time: 1_700_000_004,
    retryable: true,
    ...overrides,
  };
}

const FAILED_FOR_GOOD = run({});
const FAILED_WILL_RETRY = run({ id: 2, job_id: 'job-b', attempt: 1, retryable: false });
const COMPLETED = run({
  id: 3,
  job_id: 'job-c',
  queue: 'stream.purge',
  status: 'completed',
  error: null,
  retryable: false,
});

function server(extra: StubRoutes = {}) {
  return stubFetch({
    ...signedInRoutes(),
    'GET /api/admin/schedule/logs': {
      body: {
        items: [FAILED_FOR_GOOD, FAILED_WILL_RETRY, COMPLETED],
        total: 3,
        page: 1,
        page_size: 10,
        queues: ['email.retry', 'presence.expire', 'stream.purge'],
      },
    },
    ...extra,
  });
}

/*
 * AG Grid's stylesheet makes jsdom's style lookups slow, so role queries skip the visibility check
 * (`hidden: true`) and clicks skip the pointer-events check.
 */
describe('/admin/system/schedule/notify/logs', () => {
  it('offers Retry only on runs that failed their last try, and retries that run by its id', async () => {
    signIn();
    const fetch = server({ 'POST /api/admin/schedule/logs/1/retry': { body: { queued: true } } });
    renderApp('/admin/system/schedule/notify/logs');
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    const retry = await screen.findByLabelText('Retry run 1');
    expect(screen.getByText('job-b')).toBeTruthy();
    expect(screen.queryByLabelText('Retry run 2')).toBeNull();
    expect(screen.queryByLabelText('Retry run 3')).toBeNull();

    const before = fetch.callsTo('GET /api/admin/schedule/logs').length;
    await user.click(retry);
    expect(fetch.callsTo('POST /api/admin/schedule/logs/1/retry')).toHaveLength(0);
    await user.click(
      within(await screen.findByRole('tooltip', { hidden: true })).getByRole('button', {
        name: 'Retry',
        hidden: true,
      }),
    );

    await waitFor(() => expect(fetch.callsTo('POST /api/admin/schedule/logs/1/retry')).toHaveLength(1));
    expect(await screen.findByText('The job is back in its queue')).toBeTruthy();
    // The list is asked again, so the new attempt shows up.
    await waitFor(() => expect(fetch.callsTo('GET /api/admin/schedule/logs').length).toBeGreaterThan(before));
  });

  it('shows tries out of tries allowed, and a run in full with its data', async () => {
    signIn();
    server();
    renderApp('/admin/system/schedule/notify/logs');
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    expect((await screen.findAllByText('3 / 3')).length).toBeGreaterThan(0);
    await user.click(screen.getByLabelText('Details of run 1'));
    const drawer = within(await screen.findByRole('dialog', { hidden: true }));
    expect(drawer.getByText('SMTP refused the connection')).toBeTruthy();
    expect(drawer.getByText(/"e-1"/)).toBeTruthy();
    expect(drawer.getByText('4 s')).toBeTruthy();
  });

  it('filters by queue and status, named in the API query', async () => {
    signIn();
    const fetch = server();
    const filters = {
      queue: { type: 'option', value: 'email.retry' },
      status: { type: 'option', value: 'failed' },
    };
    renderApp(`/admin/system/schedule/notify/logs?${new URLSearchParams({ f: JSON.stringify(filters) })}`);

    await waitFor(() => expect(fetch.callsTo('GET /api/admin/schedule/logs').length).toBeGreaterThan(0));
    const query = new URL(fetch.callsTo('GET /api/admin/schedule/logs')[0]?.url ?? '', 'http://localhost')
      .searchParams;
    expect(query.get('sort')).toBe('-start_time');
    expect(JSON.parse(query.get('filters') ?? '[]')).toEqual([
      { connect_pre_filter: 'and', field: 'queue', operator: 'eq', value: 'email.retry' },
      { connect_pre_filter: 'and', field: 'status', operator: 'eq', value: 'failed' },
    ]);
  });
});
