import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';
import { overviewFixture, securityRoutes } from './security-test-stubs';

async function openSessions() {
  renderApp('/account/security');
  const list = await screen.findByRole('list', { name: 'Active sessions' });
  return { list, user: userEvent.setup() };
}

const row = (list: HTMLElement, id: string) => list.querySelector(`[data-session-id="${id}"]`) as HTMLElement;

/** The open confirmation bubble (antd renders it outside the card). */
async function confirmBubble() {
  return within(await screen.findByRole('tooltip'));
}

describe('/account/security: active sessions and recent sign-ins', () => {
  it('summarises each device and marks the one in use', async () => {
    signIn();
    stubFetch(securityRoutes());
    const { list } = await openSessions();

    const here = within(row(list, 'session-here'));
    expect(here.getByText('Chrome on Windows')).toBeTruthy();
    expect(here.getByText('This device')).toBeTruthy();
    expect(here.getByText(/198\.51\.100\.7/)).toBeTruthy();
    const phone = within(row(list, 'session-phone'));
    expect(phone.getByText('Safari on iOS')).toBeTruthy();
    expect(phone.queryByText('This device')).toBeNull();
  });

  it('the current session cannot be revoked from the list', async () => {
    signIn();
    stubFetch(securityRoutes());
    const { list } = await openSessions();

    expect(within(row(list, 'session-here')).queryByRole('button')).toBeNull();
    expect(within(row(list, 'session-phone')).getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });

  it('revoking a session asks first, then calls DELETE with its id', async () => {
    signIn();
    const fetch = stubFetch(
      securityRoutes(overviewFixture(), {
        'DELETE /api/account/security/sessions/session-phone': { body: { revoked: true } },
      }),
    );
    const { list, user } = await openSessions();

    await user.click(within(row(list, 'session-phone')).getByRole('button', { name: 'Sign out' }));
    const bubble = await confirmBubble();
    expect(bubble.getByText('Sign out this session?')).toBeTruthy();
    expect(fetch.requests.filter((request) => request.method === 'DELETE')).toHaveLength(0);

    await user.click(bubble.getByRole('button', { name: 'Sign out' }));
    await waitFor(() =>
      expect(fetch.callsTo('DELETE /api/account/security/sessions/session-phone')).toHaveLength(1),
    );
    expect(fetch.requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
    // The list is read again, so the signed-out device disappears.
    await waitFor(() =>
      expect(fetch.callsTo('GET /api/account/security/sessions').length).toBeGreaterThan(1),
    );
  });

  it('signs out every other session after confirming', async () => {
    signIn();
    const fetch = stubFetch(
      securityRoutes(overviewFixture(), {
        'POST /api/account/security/sessions/revoke-others': { body: { revoked: 1 } },
      }),
    );
    const { user } = await openSessions();

    await user.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    const bubble = await confirmBubble();
    await user.click(bubble.getByRole('button', { name: 'Sign out all' }));
    await waitFor(() =>
      expect(fetch.callsTo('POST /api/account/security/sessions/revoke-others')).toHaveLength(1),
    );
  });

  it('lists the recent sign-ins with their result, method and device', async () => {
    signIn();
    stubFetch(securityRoutes());
    renderApp('/account/security');
    const table = (await screen.findByText('Recent sign-ins', { selector: '.ant-card-head-title' })).closest(
      '.ant-card',
    ) as HTMLElement;
    const card = within(table);

    expect(await card.findByText('Authenticator app')).toBeTruthy();
    expect(card.getByText('Succeeded')).toBeTruthy();
    expect(card.getByText('Failed')).toBeTruthy();
    expect(card.getByText('Wrong e-mail or password')).toBeTruthy();
    expect(card.getByText('192.0.2.44')).toBeTruthy();
    expect(card.getByText('Unknown device')).toBeTruthy();
  });
});
