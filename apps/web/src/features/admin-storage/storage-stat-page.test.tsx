import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';

// AG Charts draws on a canvas jsdom does not have: the stand-in shows what the chart was given.
vi.mock('ag-charts-react', () => ({
  AgCharts: ({ options }: { options: { data?: unknown[] } }) => (
    <output aria-label="Growth chart">{JSON.stringify(options.data)}</output>
  ),
}));
vi.mock('ag-charts-community', () => ({
  BarSeriesModule: {},
  CartesianChartModule: {},
  CategoryAxisModule: {},
  LocaleModule: {},
  NumberAxisModule: {},
}));

const MB = 1024 * 1024;
const STAT = {
  total_bytes: 150 * MB,
  total_files: 12,
  by_team: [
    { team_id: 't-1', team_name: 'Acme', bytes: 90 * MB, files: 7, limit_bytes: 100 * MB },
    { team_id: 't-2', team_name: 'Globex', bytes: 60 * MB, files: 5, limit_bytes: 1024 * MB },
  ],
  by_type: [
    { ext: 'csv', bytes: 100 * MB, files: 8 },
    { ext: '', bytes: 50 * MB, files: 4 },
  ],
  by_month: [
    { month: '2026-10', bytes: 50 * MB, files: 4 },
    { month: '2026-11', bytes: 100 * MB, files: 8 },
  ],
  nearest_quota: [{ team_id: 't-1', team_name: 'Acme', bytes: 90 * MB, limit_bytes: 100 * MB }],
  computed_at: 1_764_000_000,
};

describe('/admin/storage/stat', () => {
  it('shows the totals, the growth by month, the teams nearest their quota and the types', async () => {
    signIn();
    stubFetch({ ...signedInRoutes(), 'GET /api/admin/storage/stat': { body: STAT } });
    renderApp('/admin/storage/stat');

    expect(await screen.findByText('150.00 MB')).toBeTruthy();
    expect(screen.getByText('12')).toBeTruthy();
    const chart = await screen.findByLabelText('Growth chart');
    expect(JSON.parse(chart.textContent ?? '[]')).toEqual(STAT.by_month);
    const nearest = screen.getByText('Nearest their quota').closest('.ant-card') as HTMLElement;
    expect(within(nearest).getByText('Acme')).toBeTruthy();
    expect(within(nearest).getByText('90.0%')).toBeTruthy();
    expect(within(nearest).getByText('90.00 MB / 100.00 MB')).toBeTruthy();
    // A file without an extension is counted under Other, not shown as a blank.
    const types = screen.getByText('By type').closest('.ant-card') as HTMLElement;
    expect(within(types).getByText('Other')).toBeTruthy();
  });

  it('the orphan check lists what it found; clean-up asks first, then removes and says how much', async () => {
    signIn();
    const fetch = stubFetch({
      ...signedInRoutes(),
      'GET /api/admin/storage/stat': { body: STAT },
      'GET /api/admin/storage/orphans': {
        body: {
          objects_without_row: [{ key: 'ab/cdef.csv', size: 10 }],
          rows_without_object: [{ id: 'f-1', name: 'lost.csv', team_id: 't-1' }],
          checked_at: 1_764_000_100,
        },
      },
      'POST /api/admin/storage/orphans/clean': { body: { objects_removed: 1, rows_removed: 1 } },
    });
    renderApp('/admin/storage/stat');
    const user = userEvent.setup();
    const card = (await screen.findByText('Orphan check')).closest('.ant-card') as HTMLElement;
    const cleanUp = within(card).getByText('Clean up').closest('button') as HTMLButtonElement;
    // Nothing to clean before a check has found something.
    expect(cleanUp.disabled).toBe(true);

    await user.click(within(card).getByText('Check'));
    expect(await within(card).findByText('1 stored object no row points to')).toBeTruthy();
    expect(within(card).getByText('1 row whose object is missing')).toBeTruthy();
    expect(within(card).getByText('lost.csv')).toBeTruthy();

    await user.click(cleanUp);
    // antd's confirm dialog names its title twice (visible and for screen readers): the first.
    const [confirm] = await screen.findAllByText('Remove what the check found?');
    expect(fetch.callsTo('POST /api/admin/storage/orphans/clean')).toHaveLength(0);
    if (!confirm) throw new Error('the clean-up confirmation did not open');
    const ok = (confirm.closest('.ant-modal') as HTMLElement).querySelector(
      '.ant-btn-dangerous',
    ) as HTMLElement;
    await user.click(ok);
    await waitFor(() => expect(fetch.callsTo('POST /api/admin/storage/orphans/clean')).toHaveLength(1));
    expect(await screen.findByText('Removed 1 object and 1 row')).toBeTruthy();
  });
});
