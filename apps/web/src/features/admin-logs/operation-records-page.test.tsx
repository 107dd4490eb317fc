import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';

const RECORD = {
  id: 7,
  actor_id: 'u-1',
  actor_email: 'admin@example.com',
  action: 'user.ban',
  target_type: 'user',
  target_id: 'u-2',
  before: { banned: false },
  after: { banned: true, ban_reason: 'Spam' },
  ip: '203.0.113.9',
  user_agent: 'Firefox',
  result: 'success',
  error: null,
  creation_time: 1_700_000_000,
};

function server() {
  return stubFetch({
    ...signedInRoutes(),
    'GET /api/admin/operation-records': { body: { items: [RECORD], total: 1, page: 1, page_size: 10 } },
    'GET /api/account/view/settings': {
      body: { route: '/admin/sys-logs/operation-record', type: 'columns', values: {} },
    },
  });
}

/*
 * AG Grid's stylesheet makes jsdom's style lookups slow, so role queries skip the visibility check
 * (`hidden: true`) and clicks skip the pointer-events check.
 */
describe('/admin/sys-logs/operation-record', () => {
  it('shows who did what, with the change summarised', async () => {
    signIn();
    server();
    renderApp('/admin/sys-logs/operation-record');

    expect(await screen.findByText('banned: false → true; ban_reason: ∅ → Spam')).toBeTruthy();
    expect(screen.getByText('admin@example.com')).toBeTruthy();
    expect(screen.getByText('user u-2')).toBeTruthy();
  });

  it('puts the result filter into the API query and the URL', async () => {
    signIn();
    const fetch = server();
    const app = renderApp('/admin/sys-logs/operation-record');
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    await user.click(await screen.findByRole('button', { name: 'Filters', hidden: true }));
    const drawer = within(await screen.findByRole('dialog', { hidden: true }));
    await user.click(
      within(drawer.getByRole('group', { name: 'Result', hidden: true })).getByText('Failure'),
    );
    await user.click(drawer.getByRole('button', { name: 'Apply', hidden: true }));

    await waitFor(() => {
      const last = fetch.callsTo('GET /api/admin/operation-records').at(-1);
      const filters = new URL(last?.url ?? '', 'http://localhost').searchParams.get('filters');
      expect(JSON.parse(filters ?? '[]')).toEqual([
        { connect_pre_filter: 'and', field: 'result', operator: 'eq', value: 'failure' },
      ]);
    });
    expect(app.location()).toContain('f=');
  });

  it('opens a record with its full before and after', async () => {
    signIn();
    server();
    renderApp('/admin/sys-logs/operation-record');
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    await user.click(await screen.findByText('user.ban'));

    expect(await screen.findByText(/"ban_reason": "Spam"/)).toBeTruthy();
    expect(screen.getByText('Firefox')).toBeTruthy();
  });
});
