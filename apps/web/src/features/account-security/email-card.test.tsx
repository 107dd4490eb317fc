import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';
import { overviewFixture, securityRoutes } from './security-test-stubs';

const SENT = { sent: true, to: 'a**@example.com', expires_in: 600, resend_in: 60 };

async function openCard() {
  renderApp('/account/security');
  const title = await screen.findByText('E-mail address', { selector: '.ant-card-head-title' });
  const card = within(title.closest('.ant-card') as HTMLElement);
  // The address arrives with the security overview.
  await card.findByText('a**@example.com');
  return { card, user: userEvent.setup() };
}

const box = (n: number) => screen.getByLabelText(`Digit ${n} of 6`) as HTMLInputElement;

describe('/account/security: e-mail', () => {
  it('an account without an address (WeChat sign-in) is offered to add one, not to verify one', async () => {
    signIn();
    stubFetch(securityRoutes(overviewFixture({ email: '', email_verified: false, has_password: false })));
    renderApp('/account/security');
    const title = await screen.findByText('E-mail address', { selector: '.ant-card-head-title' });
    const card = within(title.closest('.ant-card') as HTMLElement);
    expect(
      await card.findByText('No e-mail address yet. Add one to receive account notices and sign in with it.'),
    ).toBeTruthy();
    expect(card.getByRole('button', { name: 'Add an e-mail address' })).toBeTruthy();
    expect(card.queryByText('Send verification code')).toBeNull();
    expect(card.queryByText('Not verified')).toBeNull();
  });

  it('verifies the address: sends a code, then posts the six digits typed', async () => {
    signIn();
    let overview = overviewFixture({ email_verified: false });
    const fetch = stubFetch(
      securityRoutes(overview, {
        'GET /api/account/security': () => ({ body: overview }),
        'POST /api/account/security/email/verification-code': { body: SENT },
        'POST /api/account/security/email/verify': () => {
          overview = { ...overview, email_verified: true };
          return { body: { email: 'a**@example.com', email_verified: true } };
        },
      }),
    );
    const { card, user } = await openCard();
    expect(card.getByText('a**@example.com')).toBeTruthy();
    expect(card.getByText('Not verified')).toBeTruthy();

    await user.click(card.getByRole('button', { name: 'Send verification code' }));
    expect(
      await card.findByText('We sent a 6-digit code to a**@example.com. It is valid for 10 minutes.'),
    ).toBeTruthy();
    // The server allows another code after a minute; until then the button counts down.
    const resend = card.getByRole('button', { name: /Resend code \(\d+ s\)/ }) as HTMLButtonElement;
    expect(resend.disabled).toBe(true);

    await user.click(box(1));
    await user.keyboard('482913');
    await waitFor(() => expect(fetch.callsTo('POST /api/account/security/email/verify')).toHaveLength(1));
    expect(fetch.callsTo('POST /api/account/security/email/verify')[0]?.json()).toEqual({ code: '482913' });
    expect(await card.findByText('Verified')).toBeTruthy();
  });

  it('a wrong code is shown on the code field and the boxes are cleared', async () => {
    signIn();
    stubFetch(
      securityRoutes(overviewFixture({ email_verified: false }), {
        'POST /api/account/security/email/verification-code': { body: SENT },
        'POST /api/account/security/email/verify': {
          status: 400,
          body: {
            error_code: 'VALIDATION_ERROR',
            msg: 'Some fields are not valid',
            req_id: 'r1',
            fields: { code: 'The code is wrong' },
          },
        },
      }),
    );
    const { card, user } = await openCard();
    await user.click(card.getByRole('button', { name: 'Send verification code' }));
    await user.click(await screen.findByLabelText('Digit 1 of 6'));
    await user.paste('111111');

    expect(await card.findByText('The code is wrong')).toBeTruthy();
    expect(box(1).value).toBe('');
  });

  it('says so when the mail could not go out, and shows no code boxes', async () => {
    signIn();
    stubFetch(
      securityRoutes(overviewFixture({ email_verified: false }), {
        'POST /api/account/security/email/verification-code': {
          body: { sent: false, to: 'a**@example.com', expires_in: 0, resend_in: 0 },
        },
      }),
    );
    const { card, user } = await openCard();
    await user.click(card.getByRole('button', { name: 'Send verification code' }));

    expect(await card.findByText('The e-mail could not be sent. Please try again later.')).toBeTruthy();
    expect(screen.queryByLabelText('Digit 1 of 6')).toBeNull();
  });

  it('changes the address: password and new address, then the code mailed to it', async () => {
    signIn();
    let overview = overviewFixture();
    const fetch = stubFetch(
      securityRoutes(overview, {
        'GET /api/account/security': () => ({ body: overview }),
        'POST /api/account/security/email/change-code': { body: { ...SENT, to: 'n**@example.org' } },
        'POST /api/account/security/email/change': () => {
          overview = { ...overview, email: 'n**@example.org' };
          return { body: { email: 'n**@example.org', email_verified: true } };
        },
      }),
    );
    const { card, user } = await openCard();
    await user.click(card.getByRole('button', { name: 'Change e-mail address' }));
    await user.click(card.getByLabelText('New e-mail address'));
    await user.paste('new@example.org');
    await user.click(card.getByLabelText('Current password'));
    await user.paste('correct horse');
    await user.click(card.getByRole('button', { name: 'Send code' }));

    expect(
      await card.findByText('We sent a 6-digit code to n**@example.org. It is valid for 10 minutes.'),
    ).toBeTruthy();
    expect(fetch.callsTo('POST /api/account/security/email/change-code')[0]?.json()).toEqual({
      new_email: 'new@example.org',
      password: 'correct horse',
    });
    await user.click(box(1));
    await user.paste('135790');
    await waitFor(() => expect(fetch.callsTo('POST /api/account/security/email/change')).toHaveLength(1));
    expect(fetch.callsTo('POST /api/account/security/email/change')[0]?.json()).toEqual({ code: '135790' });
    expect(await card.findByText('n**@example.org')).toBeTruthy();
    // The code boxes are gone: the change is done.
    await waitFor(() => expect(screen.queryByLabelText('Digit 1 of 6')).toBeNull());
  });

  it('an address already taken is shown on the new-address field', async () => {
    signIn();
    stubFetch(
      securityRoutes(overviewFixture(), {
        'POST /api/account/security/email/change-code': {
          status: 409,
          body: {
            error_code: 'CONFLICT',
            msg: 'The email already exists',
            req_id: 'r2',
            fields: { new_email: 'The email already exists' },
          },
        },
      }),
    );
    const { card, user } = await openCard();
    await user.click(card.getByRole('button', { name: 'Change e-mail address' }));
    await user.click(card.getByLabelText('New e-mail address'));
    await user.paste('taken@example.org');
    await user.click(card.getByLabelText('Current password'));
    await user.paste('correct horse');
    await user.click(card.getByRole('button', { name: 'Send code' }));

    const error = await card.findByText('The email already exists');
    expect(error.closest('.ant-form-item')?.querySelector('#email-change_new_email')).toBeTruthy();
    expect(screen.queryByLabelText('Digit 1 of 6')).toBeNull();
  });
});
