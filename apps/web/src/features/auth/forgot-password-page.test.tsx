import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { stubFetch } from '../../app/testing/stub-fetch';

describe('/forgot-password', () => {
  it('is reached from the sign-in form', async () => {
    stubFetch();
    const app = renderApp('/login');
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(app.location()).toBe('/forgot-password'));
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeTruthy();
  });

  it('asks for the link with the address, then says what happens if an account uses it', async () => {
    const fetch = stubFetch({
      'POST /api/auth/forgot-password': { body: { requested: true, mail_configured: true } },
    });
    renderApp('/forgot-password');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('E-mail'));
    await user.paste('ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));

    expect(await screen.findByText('Check your inbox')).toBeTruthy();
    expect(
      screen.getByText(
        'If an account uses ada@example.com, we have sent it a link to set a new password. The link works once, within one hour.',
      ),
    ).toBeTruthy();
    expect(fetch.callsTo('POST /api/auth/forgot-password')[0]?.json()).toEqual({ email: 'ada@example.com' });
  });

  it('on a server that cannot send mail, says no link was sent and what to do, never "check your inbox"', async () => {
    stubFetch({ 'POST /api/auth/forgot-password': { body: { requested: true, mail_configured: false } } });
    renderApp('/forgot-password');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('E-mail'));
    await user.paste('ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));

    expect(await screen.findByText('No link was sent')).toBeTruthy();
    expect(
      screen.getByText(
        'This server cannot send e-mail yet, so no link went out. Ask your administrator to set up mail, or to set a new password for you.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Check your inbox')).toBeNull();
  });

  it('sends nothing for an address that is not one', async () => {
    const fetch = stubFetch();
    renderApp('/forgot-password');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('E-mail'));
    await user.paste('not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(fetch.callsTo('POST /api/auth/forgot-password')).toHaveLength(0);
  });
});
