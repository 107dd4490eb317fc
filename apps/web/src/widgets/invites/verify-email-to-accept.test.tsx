import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signIn } from '../../app/testing/signed-in-stubs';
import { type StubRoutes, stubFetch } from '../../app/testing/stub-fetch';
import { needsEmailVerification, VerifyEmailToAccept } from './verify-email-to-accept';

const SEND = 'POST /api/account/security/email/verification-code';
const VERIFY = 'POST /api/account/security/email/verify';
const SENT = { sent: true, to: 'a**@example.com', expires_in: 600, resend_in: 60 };

/** The first render of a file waits for Vite to transform antd: slow on this shared machine. */
const FIRST_LOAD = { timeout: 30_000 };

function renderWidget(routes: StubRoutes) {
  signIn();
  const fetch = stubFetch(routes);
  const onVerified = vi.fn();
  renderApp('/invite', [
    { path: '/invite', element: <VerifyEmailToAccept email="ada@example.com" onVerified={onVerified} /> },
  ]);
  return { fetch, onVerified, user: userEvent.setup() };
}

/** A button by its visible text; role queries over the whole antd page are slow in jsdom. */
function button(text: string): HTMLElement {
  const found = screen.getByText(text).closest('button');
  if (!found) throw new Error(`No button "${text}"`);
  return found;
}

const box = (n: number) => screen.getByLabelText(`Digit ${n} of 6`) as HTMLInputElement;

describe('VerifyEmailToAccept', () => {
  it('is needed only for the invited address while it is unverified', () => {
    expect(needsEmailVerification({ email_matches: true, email_verified: false })).toBe(true);
    expect(needsEmailVerification({ email_matches: true, email_verified: true })).toBe(false);
    // Another address is a different problem: verifying this one would not help.
    expect(needsEmailVerification({ email_matches: false, email_verified: false })).toBe(false);
  });

  it('says the address is not verified, sends a code, and reports verified once the six digits pass', async () => {
    const { fetch, onVerified, user } = renderWidget({
      [SEND]: { body: SENT },
      [VERIFY]: { body: { email: 'a**@example.com', email_verified: true } },
    });

    expect(await screen.findByText('Verify your e-mail address to accept', {}, FIRST_LOAD)).toBeTruthy();
    expect(screen.getByText(/The invitation was sent to ada@example.com/)).toBeTruthy();
    // Nothing is mailed until asked.
    expect(fetch.callsTo(SEND)).toHaveLength(0);
    await user.click(button('Send verification code'));

    expect(
      await screen.findByText('We sent a 6-digit code to a**@example.com. It is valid for 10 minutes.'),
    ).toBeTruthy();
    await user.click(box(1));
    await user.keyboard('482913');
    await waitFor(() => expect(onVerified).toHaveBeenCalledTimes(1));
    expect(fetch.callsTo(VERIFY)[0]?.json()).toEqual({ code: '482913' });
  });

  it('a wrong code is shown on the code field and nothing is accepted', async () => {
    const { onVerified, user } = renderWidget({
      [SEND]: { body: SENT },
      [VERIFY]: {
        status: 400,
        body: {
          error_code: 'VALIDATION_ERROR',
          msg: 'Some fields are not valid',
          req_id: 'r1',
          fields: { code: 'The code is wrong' },
        },
      },
    });
    await user.click(await screen.findByText('Send verification code', {}, FIRST_LOAD));
    await user.click(await screen.findByLabelText('Digit 1 of 6'));
    await user.paste('111111');

    expect(await screen.findByText('The code is wrong')).toBeTruthy();
    expect(onVerified).not.toHaveBeenCalled();
  });

  it('a code sent less than a minute ago is still good: it goes straight to entering it', async () => {
    const { user } = renderWidget({
      [SEND]: {
        status: 429,
        body: {
          error_code: 'RATE_LIMITED',
          msg: 'Please wait a minute before asking for another code',
          req_id: 'r2',
          _retry_: { waiting_time: 42 },
        },
      },
    });
    await user.click(await screen.findByText('Send verification code', {}, FIRST_LOAD));

    expect(await screen.findByLabelText('Digit 1 of 6')).toBeTruthy();
    expect(button('Resend code (42 s)')).toBeTruthy();
  });

  it('says so when the mail could not go out (no SMTP), and shows no code boxes', async () => {
    const { onVerified, user } = renderWidget({
      [SEND]: { body: { sent: false, to: 'a**@example.com', expires_in: 0, resend_in: 0 } },
    });
    await user.click(await screen.findByText('Send verification code', {}, FIRST_LOAD));

    expect(await screen.findByText('The e-mail could not be sent. Please try again later.')).toBeTruthy();
    expect(screen.queryByLabelText('Digit 1 of 6')).toBeNull();
    expect(onVerified).not.toHaveBeenCalled();
  });
});
