import type { PendingInvite } from '@app/contract/account/teams/invite';
import type { TeamMember } from '@app/contract/account/teams/team-members';
import type { MyTeam, TeamRole } from '@app/contract/account/teams/teams';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { type StubRoutes, stubFetch } from '../../app/testing/stub-fetch';
import { basicInfosFixture } from '../../lib/testing/basic-infos-fixture';

const PERSONAL: MyTeam = {
  id: 'team-1',
  name: "Ada's team",
  personal: true,
  role: 'owner',
  members_count: 1,
  current: true,
  created_at: 1_700_000_000,
};

function acme(role: TeamRole, current = true): MyTeam {
  return {
    id: 'team-2',
    name: 'Acme',
    personal: false,
    role,
    members_count: 3,
    current,
    created_at: 1_700_000_000,
  };
}

function member(user_id: string, username: string, role: TeamRole, is_me = false): TeamMember {
  return {
    user_id,
    username,
    email: `${username.toLowerCase()}@example.com`,
    avatar_url: null,
    role,
    joined_at: 1_700_000_000,
    is_me,
  };
}

const INVITE: PendingInvite = {
  id: 'inv-1',
  email: 'grace@example.com',
  role: 'member',
  invited_by_name: 'Ada',
  state: 'valid',
  created_at: 1_700_000_000,
  expires_at: 1_700_600_000,
};

/** Ada works in Acme with `role`; Acme has an owner, an admin and a member, and one pending invite. */
function inAcme(role: TeamRole, extra: StubRoutes = {}): StubRoutes {
  const people = [
    member('user-1', 'Ada', role, true),
    ...(role === 'owner' ? [] : [member('user-9', 'Olga', 'owner')]),
    member('user-2', 'Bob', 'admin'),
    member('user-3', 'Cleo', 'member'),
  ];
  return {
    ...signedInRoutes(basicInfosFixture({ team: { id: 'team-2', name: 'Acme', role } })),
    'GET /api/account/teams': { body: { items: [{ ...PERSONAL, current: false }, acme(role)] } },
    'GET /api/account/teams/team-2/members': { body: { my_role: role, members: people, invites: [INVITE] } },
    ...extra,
  };
}

/** The first page of a file waits for Vite to transform antd: slow on this shared machine. */
const FIRST_LOAD = { timeout: 30_000 };

/** A button by its visible text; role queries over the whole antd page are very slow in jsdom. */
function button(text: string): HTMLElement {
  const found = screen.getByText(text).closest('button');
  if (!found) throw new Error(`No button "${text}"`);
  return found;
}

async function openPage() {
  renderApp('/account/team-manager');
  // The page is a lazy chunk; wait for the members before acting.
  expect(await screen.findByText('cleo@example.com', {}, FIRST_LOAD)).toBeTruthy();
  return userEvent.setup();
}

describe('/account/team-manager', () => {
  it('a plain member sees the team but no invite, rename, delete, transfer, role or remove controls', async () => {
    signIn();
    stubFetch(inAcme('member'));
    await openPage();

    expect(screen.getByText('grace@example.com')).toBeTruthy();
    for (const name of ['Invite member', 'Rename team', 'Delete team', 'Transfer ownership', 'Revoke']) {
      expect(screen.queryByText(name), name).toBeNull();
    }
    expect(screen.queryByLabelText(/^Role of/)).toBeNull();
    expect(screen.queryByLabelText(/^Remove/)).toBeNull();
    // Leaving is theirs to do.
    expect(button('Leave team')).toBeTruthy();
  });

  it('an admin may invite and remove plain members, but not change roles, transfer or delete', async () => {
    signIn();
    stubFetch(inAcme('admin'));
    await openPage();

    expect(button('Invite member')).toBeTruthy();
    expect(button('Rename team')).toBeTruthy();
    expect(screen.getByLabelText('Remove Cleo')).toBeTruthy();
    expect(screen.queryByLabelText('Remove Bob')).toBeNull();
    expect(screen.queryByLabelText('Remove Olga')).toBeNull();
    expect(screen.queryByLabelText(/^Role of/)).toBeNull();
    expect(screen.queryByText('Delete team')).toBeNull();
    expect(screen.queryByText('Transfer ownership')).toBeNull();
  });

  it('the owner invites by e-mail with the role picked, and is told the e-mail was sent', async () => {
    signIn();
    const fetch = stubFetch(
      inAcme('owner', {
        'POST /api/account/teams/team-2/invites': (request) => ({
          body: {
            invite: { ...INVITE, id: 'inv-2', ...(request.json() as object) },
            link: 'http://localhost/teams/accept-invite?token=x',
            sent: true,
            reason: null,
          },
        }),
      }),
    );
    const user = await openPage();

    await user.click(button('Invite member'));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByLabelText('E-mail'));
    await user.paste('dan@example.com');
    await user.click(dialog.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByTitle('Admin: also renames the team, invites and removes members'));
    await user.click(dialog.getByRole('button', { name: 'Send invite' }));

    await waitFor(() => expect(fetch.callsTo('POST /api/account/teams/team-2/invites')).toHaveLength(1));
    expect(fetch.callsTo('POST /api/account/teams/team-2/invites')[0]?.json()).toEqual({
      email: 'dan@example.com',
      role: 'admin',
    });
    expect(await dialog.findByText('Invitation e-mailed to dan@example.com')).toBeTruthy();
    // A mailed link is not shown: it went to the invitee only.
    expect(dialog.queryByText(/accept-invite\?token=/)).toBeNull();
  });

  it('when the invite e-mail could not be sent, shows the link with a copy button and the reason', async () => {
    signIn();
    stubFetch(
      inAcme('owner', {
        'POST /api/account/teams/team-2/invites': {
          body: {
            invite: { ...INVITE, id: 'inv-2', email: 'dan@example.com' },
            link: 'http://localhost/teams/accept-invite?token=abc',
            sent: false,
            reason: 'E-mail is not configured on this server',
          },
        },
      }),
    );
    const user = await openPage();

    await user.click(button('Invite member'));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByLabelText('E-mail'));
    await user.paste('dan@example.com');
    await user.click(dialog.getByRole('button', { name: 'Send invite' }));

    expect(await dialog.findByText('The invitation e-mail could not be sent')).toBeTruthy();
    expect(dialog.getByText('E-mail is not configured on this server')).toBeTruthy();
    expect(dialog.getByText('http://localhost/teams/accept-invite?token=abc')).toBeTruthy();
    expect(dialog.getByRole('button', { name: /Copy/ })).toBeTruthy();
  });

  it('shows the field the server refused in the invite form (already a member)', async () => {
    signIn();
    stubFetch(
      inAcme('owner', {
        'POST /api/account/teams/team-2/invites': {
          status: 409,
          body: {
            error_code: 'CONFLICT',
            msg: 'Conflict',
            req_id: 'r',
            fields: { email: 'This person is already a member of the team' },
          },
        },
      }),
    );
    const user = await openPage();

    await user.click(button('Invite member'));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByLabelText('E-mail'));
    await user.paste('cleo@example.com');
    await user.click(dialog.getByRole('button', { name: 'Send invite' }));

    expect(await dialog.findByText('This person is already a member of the team')).toBeTruthy();
  });

  it('the personal team cannot be deleted: the control is disabled, with the reason', async () => {
    signIn();
    const fetch = stubFetch({
      ...signedInRoutes(),
      'GET /api/account/teams': { body: { items: [PERSONAL, acme('member', false)] } },
      'GET /api/account/teams/team-1/members': {
        body: { my_role: 'owner', members: [member('user-1', 'Ada', 'owner', true)], invites: [] },
      },
    });
    renderApp('/account/team-manager');
    await screen.findByText('Delete team', {}, FIRST_LOAD);
    const remove = button('Delete team');

    expect(remove.hasAttribute('disabled')).toBe(true);
    const reason = document.getElementById(remove.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe(
      'Your personal team cannot be deleted or transferred: it is where your own plan and data live.',
    );
    // Nor transferred, nor left.
    expect(screen.queryByText('Transfer ownership')).toBeNull();
    expect(screen.queryByText('Leave team')).toBeNull();
    expect(fetch.callsTo('DELETE /api/account/teams/team-1')).toHaveLength(0);
  });

  it('the owner of a shared team deletes it after confirming', async () => {
    signIn();
    const fetch = stubFetch(
      inAcme('owner', { 'DELETE /api/account/teams/team-2': { body: { deleted: true } } }),
    );
    const user = await openPage();

    await user.click(button('Delete team'));
    expect(fetch.callsTo('DELETE /api/account/teams/team-2')).toHaveLength(0);
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(fetch.callsTo('DELETE /api/account/teams/team-2')).toHaveLength(1));
  });

  it('switching team calls PUT current, then refetches basic infos and shows the new team', async () => {
    signIn();
    let current = basicInfosFixture();
    const fetch = stubFetch({
      ...signedInRoutes(),
      'GET /api/user/basic-infos': () => ({ body: current }),
      'GET /api/account/teams': () => ({
        body: {
          items: [
            { ...PERSONAL, current: current.team.id === 'team-1' },
            acme('owner', current.team.id === 'team-2'),
          ],
        },
      }),
      'GET /api/account/teams/team-1/members': {
        body: { my_role: 'owner', members: [member('user-1', 'Ada', 'owner', true)], invites: [] },
      },
      'GET /api/account/teams/team-2/members': {
        body: {
          my_role: 'owner',
          members: [member('user-1', 'Ada', 'owner', true), member('user-3', 'Cleo', 'member')],
          invites: [],
        },
      },
      'PUT /api/account/teams/current': () => {
        current = basicInfosFixture({ team: { id: 'team-2', name: 'Acme', role: 'owner' } });
        return { body: { team: acme('owner') } };
      },
    });
    renderApp('/account/team-manager');
    const user = userEvent.setup();
    const switcher = await screen.findByLabelText('Team you work in', {}, FIRST_LOAD);
    const infosBefore = fetch.callsTo('GET /api/user/basic-infos').length;

    await user.click(switcher);
    await user.click(await screen.findByTitle('Acme'));

    await waitFor(() => expect(fetch.callsTo('PUT /api/account/teams/current')).toHaveLength(1));
    expect(fetch.callsTo('PUT /api/account/teams/current')[0]?.json()).toEqual({ team_id: 'team-2' });
    await waitFor(() =>
      expect(fetch.callsTo('GET /api/user/basic-infos').length).toBeGreaterThan(infosBefore),
    );
    // Acme's members now, and Acme may be deleted where the personal team could not.
    expect(await screen.findByText('cleo@example.com')).toBeTruthy();
    expect(await screen.findByText('You now work in Acme')).toBeTruthy();
    await waitFor(() => expect(button('Delete team').hasAttribute('disabled')).toBe(false));
  });

  it('the owner changes a role with the picker; a refusal is shown in the server’s words', async () => {
    signIn();
    const fetch = stubFetch(
      inAcme('owner', {
        'PUT /api/account/teams/team-2/members/user-3/role': {
          status: 403,
          body: { error_code: 'FORBIDDEN', msg: 'Only the owner may change roles', req_id: 'r' },
        },
      }),
    );
    const user = await openPage();

    await user.click(screen.getByLabelText('Role of Cleo'));
    const admin = await screen.findAllByTitle('Admin');
    await user.click(admin[admin.length - 1] as HTMLElement);

    await waitFor(() =>
      expect(fetch.callsTo('PUT /api/account/teams/team-2/members/user-3/role')).toHaveLength(1),
    );
    expect(fetch.callsTo('PUT /api/account/teams/team-2/members/user-3/role')[0]?.json()).toEqual({
      role: 'admin',
    });
    expect(await screen.findByText('Only the owner may change roles')).toBeTruthy();
  });

  it('removes a member only after confirming', async () => {
    signIn();
    const fetch = stubFetch(
      inAcme('owner', { 'DELETE /api/account/teams/team-2/members/user-3': { body: { removed: true } } }),
    );
    const user = await openPage();

    await user.click(screen.getByLabelText('Remove Cleo'));
    expect(fetch.callsTo('DELETE /api/account/teams/team-2/members/user-3')).toHaveLength(0);
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(fetch.callsTo('DELETE /api/account/teams/team-2/members/user-3')).toHaveLength(1),
    );
  });
  it('the owner transfers the team to a member picked, only after confirming', async () => {
    signIn();
    const fetch = stubFetch(
      inAcme('owner', { 'POST /api/account/teams/team-2/transfer': { body: { team: acme('admin') } } }),
    );
    const user = await openPage();

    await user.click(button('Transfer ownership'));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(await dialog.findByText('Choose a member')).toBeTruthy();
    await user.click(dialog.getByRole('combobox', { name: 'New owner' }));
    await user.click(await screen.findByTitle('Bob (bob@example.com)'));
    await user.click(dialog.getByRole('button', { name: 'Continue' }));

    expect((await screen.findAllByText('Make Bob the owner of Acme?')).length).toBeGreaterThan(0);
    expect(fetch.callsTo('POST /api/account/teams/team-2/transfer')).toHaveLength(0);
    await user.click(button('Transfer'));
    await waitFor(() => expect(fetch.callsTo('POST /api/account/teams/team-2/transfer')).toHaveLength(1));
    expect(fetch.callsTo('POST /api/account/teams/team-2/transfer')[0]?.json()).toEqual({
      user_id: 'user-2',
    });
  });
});
