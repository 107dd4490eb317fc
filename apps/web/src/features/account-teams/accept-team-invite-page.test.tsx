import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { type StubRoutes, stubFetch } from '../../app/testing/stub-fetch';
import { basicInfosFixture } from '../../lib/testing/basic-infos-fixture';

const TOKEN = `${'A'.repeat(40)}_-9`;
const ACME = {
  id: 'team-2',
  name: 'Acme',
  personal: false,
  role: 'member',
  members_count: 2,
  current: true,
  created_at: 1_700_000_000,
} as const;

/** The first page of a file waits for Vite to transform antd: slow on this shared machine. */
const FIRST_LOAD = { timeout: 30_000 };

function preview(overrides: Record<string, unknown> = {}) {
  return {
    team_name: 'Acme',
    inviter_name: 'Olga',
    email: 'ada@example.com',
    role: 'member',
    state: 'valid',
    expires_at: 1_700_600_000,
    email_matches: true,
    email_verified: true,
    already_member: false,
    ...overrides,
  };
}

function server(answer: ReturnType<typeof preview>, extra: StubRoutes = {}): StubRoutes {
  return {
    ...signedInRoutes(),
    'POST /api/account/team-invites/preview': { body: answer },
    ...extra,
  };
}

/** A button by its visible text; role queries over the whole antd page are very slow in jsdom. */
function button(text: string): HTMLElement {
  const found = screen.getByText(text).closest('button');
  if (!found) throw new Error(`No button "${text}"`);
  return found;
}

describe('/teams/accept-invite', () => {
  it('previews the invite, posts the token on accept and lands on the team manager of the joined team', async () => {
    signIn();
    let infos = basicInfosFixture();
    const fetch = stubFetch({
      ...server(preview()),
      'GET /api/user/basic-infos': () => ({ body: infos }),
      'POST /api/account/team-invites/accept': () => {
        // The server makes the joined team the current one.
        infos = basicInfosFixture({ team: { id: 'team-2', name: 'Acme', role: 'member' } });
        return { body: { team: ACME } };
      },
      'GET /api/account/teams': { body: { items: [ACME] } },
      'GET /api/account/teams/team-2/members': { body: { my_role: 'member', members: [], invites: [] } },
    });
    const app = renderApp(`/teams/accept-invite?token=${TOKEN}`);
    const user = userEvent.setup();

    expect(await screen.findByText('Join Acme', {}, FIRST_LOAD)).toBeTruthy();
    expect(fetch.callsTo('POST /api/account/team-invites/preview')[0]?.json()).toEqual({ token: TOKEN });
    expect(screen.getByText(/Olga invited you as Member/)).toBeTruthy();
    await user.click(button('Accept and join'));

    await waitFor(() => expect(app.location()).toBe('/account/team-manager'));
    expect(fetch.callsTo('POST /api/account/team-invites/accept')[0]?.json()).toEqual({ token: TOKEN });
    expect(await screen.findByText('Welcome to Acme: you now work in it')).toBeTruthy();
    // No extra switch is needed: accepting already made Acme current.
    expect(fetch.callsTo('PUT /api/account/teams/current')).toHaveLength(0);
    expect(await screen.findByText('Team you work in')).toBeTruthy();
  });

  it('an unverified invitee is asked to verify the address first, with the code in place, then joins', async () => {
    signIn();
    let infos = basicInfosFixture();
    const fetch = stubFetch({
      ...server(preview({ email_verified: false })),
      'GET /api/user/basic-infos': () => ({ body: infos }),
      'POST /api/account/security/email/verification-code': {
        body: { sent: true, to: 'a**@example.com', expires_in: 600, resend_in: 60 },
      },
      'POST /api/account/security/email/verify': { body: { email: 'a**@example.com', email_verified: true } },
      'POST /api/account/team-invites/accept': () => {
        infos = basicInfosFixture({ team: { id: 'team-2', name: 'Acme', role: 'member' } });
        return { body: { team: ACME } };
      },
      'GET /api/account/teams': { body: { items: [ACME] } },
      'GET /api/account/teams/team-2/members': { body: { my_role: 'member', members: [], invites: [] } },
    });
    const app = renderApp(`/teams/accept-invite?token=${TOKEN}`);
    const user = userEvent.setup();

    expect(await screen.findByText('Join Acme', {}, FIRST_LOAD)).toBeTruthy();
    expect(screen.getByText('Verify your e-mail address to accept')).toBeTruthy();
    expect(screen.getByText(/The invitation was sent to ada@example.com/)).toBeTruthy();
    // The server would refuse: the page does not offer to accept yet.
    expect(screen.queryByText('Accept and join')).toBeNull();

    await user.click(button('Send verification code'));
    await user.click(await screen.findByLabelText('Digit 1 of 6'));
    await user.paste('482913');

    await waitFor(() => expect(app.location()).toBe('/account/team-manager'));
    expect(fetch.callsTo('POST /api/account/security/email/verify')[0]?.json()).toEqual({ code: '482913' });
    expect(fetch.callsTo('POST /api/account/team-invites/accept')[0]?.json()).toEqual({ token: TOKEN });
    expect(await screen.findByText('Welcome to Acme: you now work in it')).toBeTruthy();
  });

  it('an expired invite says so, offers no accept button and leads back to chat', async () => {
    signIn();
    const fetch = stubFetch(server(preview({ state: 'expired' })));
    renderApp(`/teams/accept-invite?token=${TOKEN}`);

    expect(await screen.findByText('This invite has expired', {}, FIRST_LOAD)).toBeTruthy();
    expect(screen.getByText('Invite links work for 7 days. Ask Olga for a new one.')).toBeTruthy();
    expect(screen.queryByText('Accept and join')).toBeNull();
    expect(button('Back to chat').closest('a')?.getAttribute('href')).toBe('/chat');
    expect(fetch.callsTo('POST /api/account/team-invites/accept')).toHaveLength(0);
  });

  it('an invite addressed to another e-mail cannot be accepted from this account', async () => {
    signIn();
    stubFetch(server(preview({ email: 'grace@example.com', email_matches: false })));
    renderApp(`/teams/accept-invite?token=${TOKEN}`);

    expect(await screen.findByText('This invite is for another e-mail address', {}, FIRST_LOAD)).toBeTruthy();
    expect(screen.getByText(/It was sent to grace@example.com/)).toBeTruthy();
    expect(screen.queryByText('Accept and join')).toBeNull();
  });

  it('a used invite and an unknown link each say what happened', async () => {
    signIn();
    stubFetch(server(preview({ state: 'used' })));
    const first = renderApp(`/teams/accept-invite?token=${TOKEN}`);
    expect(await screen.findByText('This invite has already been used', {}, FIRST_LOAD)).toBeTruthy();
    first.unmount();

    stubFetch({
      ...signedInRoutes(),
      'POST /api/account/team-invites/preview': {
        status: 404,
        body: { error_code: 'NOT_FOUND', msg: 'This invite link is not valid', req_id: 'r' },
      },
    });
    renderApp(`/teams/accept-invite?token=${TOKEN}`);
    expect(await screen.findByText('This invite link is not valid')).toBeTruthy();
    expect(button('Back to chat')).toBeTruthy();
  });

  it('a link without a token says it is incomplete and asks the server nothing', async () => {
    signIn();
    const fetch = stubFetch(signedInRoutes());
    renderApp('/teams/accept-invite');

    expect(await screen.findByText('This invite link is incomplete', {}, FIRST_LOAD)).toBeTruthy();
    expect(fetch.callsTo('POST /api/account/team-invites/preview')).toHaveLength(0);
  });
});
