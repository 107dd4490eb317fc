import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';
import { getToken } from '../../lib/cookies';

const SIGNED_IN = {
  body: {
    token: 'fresh-token',
    user: { id: 'user-1', email: 'ada@example.com', name: 'Ada' },
    two_factor_required: false,
  },
};

/** Pasting sets a field in one input event; typing key by key re-validates antd's form each time. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  // The page is a lazy chunk; wait for it before typing.
  const submit = await screen.findByRole('button', { name: 'Sign in' });
  if (email) await fill(user, screen.getByLabelText('E-mail'), email);
  if (password) await fill(user, screen.getByLabelText('Password'), password);
  await user.click(submit);
}

describe('/login', () => {
  it('names the missing fields and sends nothing', async () => {
    const fetch = stubFetch();
    renderApp('/login');
    await fillAndSubmit('', '');

    expect(await screen.findByText('Please enter your e-mail address')).toBeTruthy();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
    expect(fetch.callsTo('POST /api/auth/sign-in/email')).toHaveLength(0);
  });

  it('rejects an invalid e-mail and a short password', async () => {
    const fetch = stubFetch();
    renderApp('/login');
    await fillAndSubmit('not-an-address', 'short');

    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    expect(fetch.callsTo('POST /api/auth/sign-in/email')).toHaveLength(0);
  });

  it('signs in, keeps the returned token when the cookie is missing and continues to next', async () => {
    const fetch = stubFetch({ 'POST /api/auth/sign-in/email': SIGNED_IN, ...signedInRoutes() });
    const app = renderApp(`/login?next=${encodeURIComponent('/chat?tab=recent')}`);
    await fillAndSubmit('ada@example.com', 'correct horse');

    await waitFor(() => expect(app.location()).toBe('/chat?tab=recent'));
    expect(fetch.callsTo('POST /api/auth/sign-in/email')[0]?.json()).toEqual({
      email: 'ada@example.com',
      password: 'correct horse',
    });
    expect(getToken()).toBe('fresh-token');
    // The next page's calls carry the new session.
    const infos = fetch.callsTo('GET /api/user/basic-infos')[0];
    expect(infos?.headers.get('Authorization')).toBe('Bearer fresh-token');
  });

  it('leaves a cookie the server set alone', async () => {
    stubFetch({
      'POST /api/auth/sign-in/email': () => {
        // What the server's Set-Cookie would have done.
        signIn('server-set');
        return SIGNED_IN;
      },
      ...signedInRoutes(),
    });
    const app = renderApp('/login');
    await fillAndSubmit('ada@example.com', 'correct horse');

    await waitFor(() => expect(app.location()).toBe('/chat'));
    expect(getToken()).toBe('server-set');
  });

  it('ignores a next that leaves the site', async () => {
    stubFetch({ 'POST /api/auth/sign-in/email': SIGNED_IN, ...signedInRoutes() });
    const app = renderApp(`/login?next=${encodeURIComponent('//evil.example/x')}`);
    await fillAndSubmit('ada@example.com', 'correct horse');

    await waitFor(() => expect(app.location()).toBe('/chat'));
  });

  it('shows the server refusal on the form and stays', async () => {
    stubFetch({
      'POST /api/auth/sign-in/email': {
        status: 401,
        body: { error_code: 'UNAUTHORIZED', msg: 'Wrong e-mail or password', req_id: 'r1' },
      },
    });
    const app = renderApp('/login');
    await fillAndSubmit('ada@example.com', 'wrong password');

    expect(await screen.findByText('Wrong e-mail or password')).toBeTruthy();
    expect(app.location()).toBe('/login');
    expect(getToken()).toBeNull();
  });

  it("puts the server's field errors on the fields", async () => {
    stubFetch({
      'POST /api/auth/sign-in/email': {
        status: 400,
        body: {
          error_code: 'VALIDATION_ERROR',
          msg: 'Invalid input',
          req_id: 'r2',
          fields: { email: 'This address is not allowed' },
        },
      },
    });
    renderApp('/login');
    await fillAndSubmit('ada@example.com', 'correct horse');

    const message = await screen.findByText('This address is not allowed');
    // On the e-mail field: it describes the field, which is marked invalid.
    const field = screen.getByLabelText('E-mail');
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    // Placed on its field, so no second copy above the button.
    expect(screen.queryByText('Invalid input')).toBeNull();
  });
});
