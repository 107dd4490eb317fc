import type { AdminUserRow } from '@app/contract/admin/users/user-row';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { type StubRoutes, stubFetch } from '../../app/testing/stub-fetch';
import { hangingResponse } from '../../lib/testing/mock-fetch';

function userRow(overrides: Partial<AdminUserRow> = {}): AdminUserRow {
  return {
    id: 'u-2',
    username: 'Grace',
    email: 'grace@example.com',
    email_verified: true,
    avatar_url: null,
    role: 'user',
    role_name: 'User',
    banned: false,
    ban_reason: null,
    created_at: 1_700_000_000,
    last_active_at: 1_700_100_000,
    ...overrides,
  };
}

function details(user: AdminUserRow) {
  return {
    user,
    teams: [{ id: 't-1', name: 'Grace', role: 'owner', personal: true }],
    sessions: [
      {
        id: 's-1',
        ip_address: '203.0.113.9',
        user_agent: 'Firefox',
        created_at: 1_700_000_000,
        last_active_at: 1_700_100_000,
        expires_at: 1_700_600_000,
      },
    ],
    operations: [
      {
        id: 1,
        actor_id: 'user-1',
        actor_email: 'admin@example.com',
        action: 'user.role.update',
        target_type: 'user',
        target_id: 'u-2',
        before: { role: 'operator' },
        after: { role: 'user' },
        ip: '127.0.0.1',
        user_agent: 'Chrome',
        result: 'success',
        error: null,
        creation_time: 1_700_050_000,
      },
    ],
  };
}

const ROLES = {
  items: [
    { code: 'user', name: 'User', description: '', is_system: true, users_count: 3, created_at: 1 },
    { code: 'operator', name: 'Operator', description: '', is_system: true, users_count: 1, created_at: 1 },
  ],
};

function server(user: AdminUserRow, extra: StubRoutes = {}): StubRoutes {
  return {
    ...signedInRoutes(),
    'GET /api/admin/users/u-2': { body: details(user) },
    'GET /api/admin/roles': { body: ROLES },
    // Editing presence: the admin is alone on the page, and the stream idles.
    'POST /api/admin/editing/register': (request) => {
      const { route, key } = request.json() as { route: string; key: string };
      return { body: { route, key, editing: [{ user_id: 'user-1', username: 'Ada', avatar_url: null }] } };
    },
    'GET /api/subscriber/msgs/adm_data_editing': (request) => hangingResponse(request),
    ...extra,
  };
}

async function openDetails() {
  renderApp('/admin/user/details?id=u-2');
  // The page is a lazy chunk; wait for the user before acting.
  expect(await screen.findByRole('heading', { name: 'Grace' })).toBeTruthy();
  return userEvent.setup();
}

describe('/admin/user/details', () => {
  it("shows the user's profile, teams, sessions and recent operations", async () => {
    signIn();
    stubFetch(server(userRow()));
    await openDetails();

    expect(screen.getByText('grace@example.com')).toBeTruthy();
    expect(screen.getByText('203.0.113.9')).toBeTruthy();
    expect(screen.getByText('user.role.update')).toBeTruthy();
    expect(screen.getByText('admin@example.com')).toBeTruthy();
  });

  it('will not ban without a reason, then bans with the one given', async () => {
    signIn();
    const fetch = stubFetch(
      server(userRow(), {
        'POST /api/admin/users/u-2/ban': { body: { user: userRow({ banned: true, ban_reason: 'Spam' }) } },
      }),
    );
    const user = await openDetails();

    await user.click(screen.getByRole('button', { name: 'Ban' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Ban' }));
    expect(await dialog.findByText('Give a reason')).toBeTruthy();
    expect(fetch.callsTo('POST /api/admin/users/u-2/ban')).toHaveLength(0);

    await user.click(dialog.getByLabelText('Reason'));
    await user.paste('Spam');
    await user.click(dialog.getByRole('button', { name: 'Ban' }));
    await waitFor(() => expect(fetch.callsTo('POST /api/admin/users/u-2/ban')).toHaveLength(1));
    expect(fetch.callsTo('POST /api/admin/users/u-2/ban')[0]?.json()).toEqual({ reason: 'Spam' });
  });

  it('lifts a ban after confirming', async () => {
    signIn();
    const fetch = stubFetch(
      server(userRow({ banned: true, ban_reason: 'Spam' }), {
        'POST /api/admin/users/u-2/unban': { body: { user: userRow() } },
      }),
    );
    const user = await openDetails();

    expect(screen.getByText('Spam')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Unban' }));
    const confirm = within(await screen.findByRole('tooltip'));
    await user.click(confirm.getByRole('button', { name: 'Unban' }));
    await waitFor(() => expect(fetch.callsTo('POST /api/admin/users/u-2/unban')).toHaveLength(1));
  });

  it('signs the user out everywhere after confirming', async () => {
    signIn();
    const fetch = stubFetch(
      server(userRow(), { 'POST /api/admin/users/u-2/sign-out': { body: { revoked: 2 } } }),
    );
    const user = await openDetails();

    await user.click(screen.getByRole('button', { name: 'Force sign-out' }));
    expect(fetch.callsTo('POST /api/admin/users/u-2/sign-out')).toHaveLength(0);
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(fetch.callsTo('POST /api/admin/users/u-2/sign-out')).toHaveLength(1));
    expect(await screen.findByText('Sessions ended: 2')).toBeTruthy();
  });

  it('changes the role to the one picked', async () => {
    signIn();
    const fetch = stubFetch(
      server(userRow(), {
        'PUT /api/admin/users/u-2/role': {
          body: { user: userRow({ role: 'operator', role_name: 'Operator' }) },
        },
      }),
    );
    const user = await openDetails();

    const change = screen.getByRole('button', { name: 'Change role' });
    await waitFor(() => expect(change.hasAttribute('disabled')).toBe(false));
    await user.click(change);
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('combobox'));
    await user.click(await screen.findByTitle('Operator (operator)'));
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(fetch.callsTo('PUT /api/admin/users/u-2/role')).toHaveLength(1));
    expect(fetch.callsTo('PUT /api/admin/users/u-2/role')[0]?.json()).toEqual({ role: 'operator' });
  });

  it('says plainly when the reset link was not sent, with the server’s reason', async () => {
    signIn();
    const fetch = stubFetch(
      server(userRow(), {
        'POST /api/admin/users/u-2/reset-password': {
          body: { sent: false, reason: 'not sent: no SMTP configured' },
        },
      }),
    );
    const user = await openDetails();

    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Send link' }));

    expect(await screen.findByText('The reset link was not sent.')).toBeTruthy();
    expect(screen.getByText('not sent: no SMTP configured')).toBeTruthy();
    expect(fetch.callsTo('POST /api/admin/users/u-2/reset-password')).toHaveLength(1);
  });

  it('says this admin is editing the user and shows another admin on the same user', async () => {
    signIn();
    const editing = {
      route: '/admin/user/details',
      key: 'u-2',
      editing: [
        { user_id: 'user-1', username: 'Ada', avatar_url: null },
        { user_id: 'admin-2', username: 'Olga', avatar_url: null },
      ],
    };
    let served = false;
    const fetch = stubFetch(
      server(userRow(), {
        'GET /api/subscriber/msgs/adm_data_editing': (request) => {
          if (served) return hangingResponse(request);
          served = true;
          return new Response(`id: 1\ndata: ${JSON.stringify(editing)}\n\nid: 1\ndata: END\n\n`, {
            headers: { 'content-type': 'text/event-stream' },
          });
        },
      }),
    );
    await openDetails();

    expect(fetch.callsTo('POST /api/admin/editing/register')[0]?.json()).toEqual({
      route: '/admin/user/details',
      key: 'u-2',
      opt: 'enter',
    });
    expect(await screen.findByText('Also editing: 1')).toBeTruthy();
    expect(screen.getByText('O')).toBeTruthy();
  });
});
