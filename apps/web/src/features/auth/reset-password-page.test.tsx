import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { stubFetch } from '../../app/testing/stub-fetch';

/** Pasting sets a field in one input event; typing key by key re-validates antd's form each time. */
async function fillAndSubmit(password: string, confirm: string) {
  const user = userEvent.setup();
  const submit = await screen.findByRole('button', { name: 'Change password' });
  await user.click(screen.getByLabelText('New password'));
  await user.paste(password);
  await user.click(screen.getByLabelText('Confirm password'));
  await user.paste(confirm);
  await user.click(submit);
}

/** The server's refusal of a weak password (zxcvbn runs there only, not in this bundle). */
const WEAK = 'This password is too common. Add more words that are less common.';

describe('/reset-password', () => {
  it('refuses two different passwords and sends nothing', async () => {
    const fetch = stubFetch();
    renderApp('/reset-password?token=tok-1');
    await fillAndSubmit('correct horse', 'correct horsf');

    expect(await screen.findByText('The two passwords do not match')).toBeTruthy();
    expect(fetch.callsTo('POST /api/auth/reset-password')).toHaveLength(0);
  });

  it('sets the password with the token from the link, then goes to /login with a notice', async () => {
    const fetch = stubFetch({ 'POST /api/auth/reset-password': { body: { status: true } } });
    const app = renderApp('/reset-password?token=tok-1');
    await fillAndSubmit('correct horse', 'correct horse');

    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(fetch.callsTo('POST /api/auth/reset-password')[0]?.json()).toEqual({
      token: 'tok-1',
      newPassword: 'correct horse',
    });
    expect(await screen.findByText('Your password has been changed. Sign in with the new one.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it("shows the server's word on an invalid or expired link and stays", async () => {
    stubFetch({
      'POST /api/auth/reset-password': {
        status: 400,
        body: {
          error_code: 'VALIDATION_ERROR',
          msg: 'Some fields are not valid',
          req_id: 'r1',
          fields: { token: 'This link is invalid or has expired' },
        },
      },
    });
    const app = renderApp('/reset-password?token=old');
    await fillAndSubmit('correct horse', 'correct horse');

    expect(await screen.findByText('This link is invalid or has expired')).toBeTruthy();
    expect(app.location()).toBe('/reset-password?token=old');
  });

  it("shows the server's refusal of a weak password on the new-password field and stays", async () => {
    stubFetch({
      'POST /api/auth/reset-password': {
        status: 400,
        body: {
          error_code: 'VALIDATION_ERROR',
          msg: 'Some fields are not valid',
          req_id: 'r-weak',
          fields: { newPassword: WEAK },
        },
      },
    });
    const app = renderApp('/reset-password?token=tok-1');
    await fillAndSubmit('12345678', '12345678');

    const message = await screen.findByText(WEAK);
    // On the new-password field: it describes the field, which is marked invalid.
    const field = screen.getByLabelText('New password');
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(app.location()).toBe('/reset-password?token=tok-1');
  });

  it('explains a link without a token instead of showing a form that cannot work', async () => {
    stubFetch();
    renderApp('/reset-password');

    expect(
      await screen.findByText(
        'This link is incomplete. Open the link from the e-mail again, or ask for a new one.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change password' })).toBeNull();
  });
});
