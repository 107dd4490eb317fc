import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes } from '../../app/testing/signed-in-stubs';
import { type StubRoutes, stubFetch } from '../../app/testing/stub-fetch';
import { getToken } from '../../lib/cookies';
import { CnLoginPage } from './cn-login-page';

const PENDING = {
  body: {
    token: null,
    user: null,
    two_factor_required: true,
    two_factor_token: 'pending.signed-value',
    two_factor_methods: ['totp', 'recovery_code'],
  },
};

const SIGNED_IN = {
  body: { token: 'second-factor-token', user: { id: 'user-1', email: 'ada@example.com', name: 'Ada' } },
};

const WRONG_CODE = {
  status: 400,
  body: {
    error_code: 'VALIDATION_ERROR',
    msg: 'Some fields are not valid',
    req_id: 'r1',
    fields: { code: 'The code is wrong' },
  },
};

const box = (n: number) => screen.getByLabelText(`Digit ${n} of 6`) as HTMLInputElement;

/** Signs in with the password and lands on the code step. */
async function reachCodeStep(routes: StubRoutes, path = '/login', page?: ComponentType) {
  const fetch = stubFetch({ 'POST /api/auth/sign-in/email': PENDING, ...signedInRoutes(), ...routes });
  const app = renderApp(path, page ? [{ path: '/login', Component: page }] : undefined);
  const user = userEvent.setup();
  await user.click(await screen.findByLabelText('E-mail'));
  await user.paste('ada@example.com');
  await user.click(screen.getByLabelText('Password'));
  await user.paste('correct horse');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText('Two-step verification')).toBeTruthy();
  return { fetch, app, user };
}

describe('/login with two-factor authentication', () => {
  it('replaces the password form with the code step and keeps no session yet', async () => {
    await reachCodeStep({});
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy();
    // The first box has the focus, so the user can type (or the phone autofill) at once.
    expect(document.activeElement).toBe(box(1));
    expect(getToken()).toBeNull();
  });

  it('the code step offers no other way in: no Google or WeChat button, no sign-up link; Back brings them again', async () => {
    const social = {
      'GET /api/social/providers': {
        body: {
          google: { configured: true },
          wechat_open: { configured: true },
          wechat_offi: { configured: true },
        },
      },
    };
    const { user } = await reachCodeStep(social);
    expect(screen.queryByRole('button', { name: /Continue with Google/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Continue with WeChat/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create an account' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('button', { name: /Continue with Google/ })).toBeTruthy();
  });

  it('China-region sign-in: the code step keeps the code and drops the WeChat tab', async () => {
    await reachCodeStep({}, '/login', CnLoginPage);
    expect(screen.queryByRole('tab', { name: 'WeChat' })).toBeNull();
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Create an account' })).toBeNull();
  });

  it('typing six digits posts verify-totp with the two_factor_token and the code, then lands on next', async () => {
    const { fetch, app, user } = await reachCodeStep(
      { 'POST /api/auth/two-factor/verify-totp': SIGNED_IN },
      `/login?next=${encodeURIComponent('/chat?tab=recent')}`,
    );
    await user.keyboard('123456');

    await waitFor(() => expect(app.location()).toBe('/chat?tab=recent'));
    const calls = fetch.callsTo('POST /api/auth/two-factor/verify-totp');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.json()).toEqual({ two_factor_token: 'pending.signed-value', code: '123456' });
    expect(getToken()).toBe('second-factor-token');
  });

  it('lands on /chat without a next', async () => {
    const { app, user } = await reachCodeStep({ 'POST /api/auth/two-factor/verify-totp': SIGNED_IN });
    await user.paste('654321');
    await waitFor(() => expect(app.location()).toBe('/chat'));
  });

  it("a wrong code shows the server's error, clears the boxes and lets the user try again", async () => {
    let answers = 0;
    const { fetch, app, user } = await reachCodeStep({
      'POST /api/auth/two-factor/verify-totp': () => (answers++ === 0 ? WRONG_CODE : SIGNED_IN),
    });
    await user.keyboard('111111');

    expect(await screen.findByText('The code is wrong')).toBeTruthy();
    expect([1, 2, 3, 4, 5, 6].map((n) => box(n).value)).toEqual(['', '', '', '', '', '']);
    expect(app.location()).toBe('/login');
    expect(getToken()).toBeNull();

    await waitFor(() => expect(document.activeElement).toBe(box(1)));
    await user.keyboard('222222');
    await waitFor(() => expect(app.location()).toBe('/chat'));
    expect(fetch.callsTo('POST /api/auth/two-factor/verify-totp')[1]?.json()).toEqual({
      two_factor_token: 'pending.signed-value',
      code: '222222',
    });
  });

  it('an expired pending sign-in is said plainly, and Back returns to the password form', async () => {
    const { user } = await reachCodeStep({
      'POST /api/auth/two-factor/verify-totp': {
        status: 401,
        body: {
          error_code: 'UNAUTHORIZED',
          msg: 'Your sign-in has expired, please sign in again',
          req_id: 'r2',
        },
      },
    });
    await user.keyboard('123456');
    expect(await screen.findByText('Your sign-in has expired, please sign in again')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByLabelText('Password')).toBeTruthy();
    expect(screen.queryByText('Two-step verification')).toBeNull();
  });

  it('the recovery code path posts verify-backup-code with the trimmed code', async () => {
    const { fetch, app, user } = await reachCodeStep({
      'POST /api/auth/two-factor/verify-backup-code': SIGNED_IN,
    });
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.click(screen.getByLabelText('Recovery code'));
    await user.paste(' abcde-12345 ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(app.location()).toBe('/chat'));
    expect(fetch.callsTo('POST /api/auth/two-factor/verify-backup-code')[0]?.json()).toEqual({
      two_factor_token: 'pending.signed-value',
      code: 'abcde-12345',
    });
    expect(fetch.callsTo('POST /api/auth/two-factor/verify-totp')).toHaveLength(0);
  });

  it('a wrong recovery code shows the error on the field and keeps the user on the step', async () => {
    const { app, user } = await reachCodeStep({
      'POST /api/auth/two-factor/verify-backup-code': {
        status: 400,
        body: {
          error_code: 'VALIDATION_ERROR',
          msg: 'Some fields are not valid',
          req_id: 'r3',
          fields: { code: 'The recovery code is wrong' },
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.click(screen.getByLabelText('Recovery code'));
    await user.paste('wrong-code');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('The recovery code is wrong')).toBeTruthy();
    expect(app.location()).toBe('/login');
  });
});
