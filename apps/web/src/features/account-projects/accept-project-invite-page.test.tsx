import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';

const TOKEN = `${'B'.repeat(40)}_-7`;
const PATH = `/projects/accept-invite?token=${TOKEN}`;

/** The first page of a file waits for Vite to transform antd: slow on this shared machine. */
const FIRST_LOAD = { timeout: 30_000 };

/** A button by its visible text; role queries over the whole antd page are very slow in jsdom. */
function button(text: string): HTMLElement {
  const found = screen.getByText(text).closest('button');
  if (!found) throw new Error(`No button "${text}"`);
  return found;
}

const PREVIEW = {
  project_name: 'Spring launch',
  team_name: 'Acme',
  inviter_name: 'Olga',
  email: 'ada@example.com',
  role: 'admin',
  state: 'valid',
  expires_at: 1_700_600_000,
  email_matches: true,
  email_verified: true,
  already_member: false,
};

const JOINED = {
  id: 'p-1',
  team_id: 'team-2',
  team_name: 'Acme',
  name: 'Spring launch',
  description: '',
  my_role: 'admin',
  guest: true,
  can_manage: true,
  can_delete: false,
  members_count: 2,
  created_at: 1_700_000_000,
  updated_at: 1_700_000_000,
};

describe('/projects/accept-invite', () => {
  it('sends a signed-out visitor to sign in, coming back to this very link', async () => {
    const fetch = stubFetch();
    const app = renderApp(PATH);
    const user = userEvent.setup();

    expect(await screen.findByText('You are invited to a project', {}, FIRST_LOAD)).toBeTruthy();
    // The preview needs a signed-in caller: nothing is asked while signed out.
    expect(fetch.callsTo('POST /api/account/project-invites/preview')).toHaveLength(0);
    await user.click(button('Sign in to accept'));

    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(app.router.state.location.search).get('next')).toBe(PATH);
  });

  it('a signed-in visitor sees the invite, accepts with the token and lands on the project', async () => {
    signIn();
    const fetch = stubFetch({
      ...signedInRoutes(),
      'POST /api/account/project-invites/preview': { body: PREVIEW },
      'POST /api/account/project-invites/accept': { body: { project: JOINED } },
    });
    const app = renderApp(PATH);
    const user = userEvent.setup();

    expect(await screen.findByText('Join Spring launch', {}, FIRST_LOAD)).toBeTruthy();
    expect(screen.getByText(/Olga invited you to this project of Acme as Admin/)).toBeTruthy();
    await user.click(button('Accept and join'));

    await waitFor(() => expect(app.location()).toBe('/account/project/p-1'));
    expect(fetch.callsTo('POST /api/account/project-invites/accept')[0]?.json()).toEqual({ token: TOKEN });
  });

  it('an unverified invitee verifies the address with the mailed code in place, then joins', async () => {
    signIn();
    const fetch = stubFetch({
      ...signedInRoutes(),
      'POST /api/account/project-invites/preview': { body: { ...PREVIEW, email_verified: false } },
      'POST /api/account/security/email/verification-code': {
        body: { sent: true, to: 'a**@example.com', expires_in: 600, resend_in: 60 },
      },
      'POST /api/account/security/email/verify': { body: { email: 'a**@example.com', email_verified: true } },
      'POST /api/account/project-invites/accept': { body: { project: JOINED } },
    });
    const app = renderApp(PATH);
    const user = userEvent.setup();

    expect(await screen.findByText('Verify your e-mail address to accept', {}, FIRST_LOAD)).toBeTruthy();
    expect(screen.queryByText('Accept and join')).toBeNull();
    await user.click(button('Send verification code'));
    await user.click(await screen.findByLabelText('Digit 1 of 6'));
    await user.paste('135790');

    await waitFor(() => expect(app.location()).toBe('/account/project/p-1'));
    expect(fetch.callsTo('POST /api/account/security/email/verify')[0]?.json()).toEqual({ code: '135790' });
    expect(fetch.callsTo('POST /api/account/project-invites/accept')).toHaveLength(1);
  });

  it('an accept the server refuses shows its words and reads the invite again', async () => {
    signIn();
    let previews = 0;
    stubFetch({
      ...signedInRoutes(),
      'POST /api/account/project-invites/preview': () => {
        previews += 1;
        return { body: PREVIEW };
      },
      'POST /api/account/project-invites/accept': {
        status: 403,
        body: {
          error_code: 'FORBIDDEN',
          msg: 'Verify your e-mail address to accept this invite',
          req_id: 'r9',
        },
      },
    });
    renderApp(PATH);
    const user = userEvent.setup();

    await user.click(await screen.findByText('Accept and join', {}, FIRST_LOAD));
    expect(await screen.findByText('Verify your e-mail address to accept this invite')).toBeTruthy();
    await waitFor(() => expect(previews).toBe(2));
  });

  it('a revoked invite says so and offers no accept button', async () => {
    signIn();
    const fetch = stubFetch({
      ...signedInRoutes(),
      'POST /api/account/project-invites/preview': { body: { ...PREVIEW, state: 'revoked' } },
    });
    renderApp(PATH);

    expect(await screen.findByText('This invite was revoked', {}, FIRST_LOAD)).toBeTruthy();
    expect(screen.queryByText('Accept and join')).toBeNull();
    expect(fetch.callsTo('POST /api/account/project-invites/accept')).toHaveLength(0);
  });
});
