import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';

const DEFAULTS = { important: true, warning: true, special: false, other: false };

function isOn(name: string): boolean {
  return screen.getByRole('switch', { name }).getAttribute('aria-checked') === 'true';
}

describe('/account/sys-settings', () => {
  it('shows the inbox always on and the e-mail choice of each message kind', async () => {
    signIn();
    stubFetch({
      ...signedInRoutes(),
      'GET /api/account/sys-settings/notifications': { body: { email: DEFAULTS } },
    });
    renderApp('/account/sys-settings');

    await screen.findByRole('switch', { name: 'Important messages by e-mail' });
    expect(isOn('Important messages by e-mail')).toBe(true);
    expect(isOn('Special messages by e-mail')).toBe(false);
    const inbox = screen.getByRole('switch', { name: 'Special messages in the inbox' });
    expect(inbox.getAttribute('aria-checked')).toBe('true');
    expect((inbox as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends only the changed kind when a switch is flipped, and shows the saved state', async () => {
    signIn();
    const fetch = stubFetch({
      ...signedInRoutes(),
      'GET /api/account/sys-settings/notifications': { body: { email: DEFAULTS } },
      'PUT /api/account/sys-settings/notifications': { body: { email: { ...DEFAULTS, special: true } } },
    });
    renderApp('/account/sys-settings');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('switch', { name: 'Special messages by e-mail' }));

    await waitFor(() => expect(fetch.callsTo('PUT /api/account/sys-settings/notifications')).toHaveLength(1));
    expect(fetch.callsTo('PUT /api/account/sys-settings/notifications')[0]?.json()).toEqual({
      email: { special: true },
    });
    expect(await screen.findByText('Notification preferences saved')).toBeTruthy();
    expect(isOn('Special messages by e-mail')).toBe(true);
  });

  it('keeps the switch as it was when the server refuses the change', async () => {
    signIn();
    stubFetch({
      ...signedInRoutes(),
      'GET /api/account/sys-settings/notifications': { body: { email: DEFAULTS } },
      'PUT /api/account/sys-settings/notifications': {
        status: 500,
        body: { error_code: 'SERVER_ERROR', msg: 'Sorry, something went wrong on our side', req_id: 'r-9' },
      },
    });
    renderApp('/account/sys-settings');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('switch', { name: 'Warning messages by e-mail' }));

    expect(await screen.findByText('Sorry, something went wrong on our side')).toBeTruthy();
    await waitFor(() => expect(isOn('Warning messages by e-mail')).toBe(true));
  });
});
