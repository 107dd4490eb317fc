import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';
import { getToken } from '../../lib/cookies';
import { overviewFixture, securityRoutes } from './security-test-stubs';

const ENABLE = 'POST /api/account/security/two-factor/enable';
const CONFIRM = 'POST /api/account/security/two-factor/verify';
const DISABLE = 'POST /api/account/security/two-factor/disable';
const REGENERATE = 'POST /api/account/security/two-factor/recovery-codes';

const TOTP_URI =
  'otpauth://totp/Marketing%20AI%20Workspace:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=x';
const STARTED = {
  totp_uri: TOTP_URI,
  secret: 'JBSWY3DPEHPK3PXP',
  recovery_codes: ['aaaaa-11111', 'bbbbb-22222'],
};

async function openCard() {
  renderApp('/account/security');
  const title = await screen.findByText('Two-factor authentication', { selector: '.ant-card-head-title *' });
  const card = title.closest('.ant-card') as HTMLElement;
  return { card: within(card), user: userEvent.setup() };
}

const box = (n: number) => screen.getByLabelText(`Digit ${n} of 6`);

describe('/account/security: two-factor authentication', () => {
  it('enabling: the password starts set-up, the typed code is sent, then the recovery codes are shown', async () => {
    signIn('old-token');
    const fetch = stubFetch(
      securityRoutes(overviewFixture(), {
        [ENABLE]: { body: STARTED },
        [CONFIRM]: { body: { two_factor_enabled: true, token: 'renewed-token' } },
      }),
    );
    const { card, user } = await openCard();
    expect(card.getByText('Off')).toBeTruthy();

    await user.click(card.getByRole('button', { name: 'Set up two-factor authentication' }));
    await user.click(card.getByLabelText('Current password'));
    await user.paste('correct horse');
    await user.click(card.getByRole('button', { name: 'Continue' }));

    // The app takes the secret from the QR code (the otpauth URI) or as a typed key.
    expect(await card.findByLabelText('QR code for your authenticator app')).toBeTruthy();
    expect(card.getByText('JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    expect(
      card.getByRole('link', { name: 'On this phone? Open the authenticator app' }).getAttribute('href'),
    ).toBe(TOTP_URI);
    expect(fetch.callsTo(ENABLE)[0]?.json()).toEqual({ password: 'correct horse' });
    // Not shown before the app is confirmed.
    expect(card.queryByText('aaaaa-11111')).toBeNull();

    await user.click(box(1));
    await user.keyboard('123456');

    expect(await card.findByText('aaaaa-11111')).toBeTruthy();
    expect(card.getByText('bbbbb-22222')).toBeTruthy();
    expect(fetch.callsTo(CONFIRM).map((call) => call.json())).toEqual([{ code: '123456' }]);
    expect(card.getByRole('button', { name: 'Copy codes' })).toBeTruthy();
    expect(card.getByRole('button', { name: 'Download (.txt)' })).toBeTruthy();
    // The old token stopped working on the server; the renewed one is kept.
    expect(getToken()).toBe('renewed-token');
  });

  it('a wrong first code is shown on the code field, the boxes are cleared and no codes appear', async () => {
    signIn();
    stubFetch(
      securityRoutes(overviewFixture(), {
        [ENABLE]: { body: STARTED },
        [CONFIRM]: {
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
    await user.click(card.getByRole('button', { name: 'Set up two-factor authentication' }));
    await user.click(card.getByLabelText('Current password'));
    await user.paste('correct horse');
    await user.click(card.getByRole('button', { name: 'Continue' }));
    await card.findByLabelText('QR code for your authenticator app');
    await user.click(box(1));
    await user.paste('999999');

    expect(await card.findByText('The code is wrong')).toBeTruthy();
    expect((box(1) as HTMLInputElement).value).toBe('');
    expect(card.queryByText('aaaaa-11111')).toBeNull();
  });

  it('a wrong password at the start is shown on the password field', async () => {
    signIn();
    const fetch = stubFetch(
      securityRoutes(overviewFixture(), {
        [ENABLE]: {
          status: 400,
          body: {
            error_code: 'VALIDATION_ERROR',
            msg: 'Some fields are not valid',
            req_id: 'r2',
            fields: { password: 'The password is wrong' },
          },
        },
      }),
    );
    const { card, user } = await openCard();
    await user.click(card.getByRole('button', { name: 'Set up two-factor authentication' }));
    await user.click(card.getByLabelText('Current password'));
    await user.paste('wrong');
    await user.click(card.getByRole('button', { name: 'Continue' }));

    expect(await card.findByText('The password is wrong')).toBeTruthy();
    expect(fetch.callsTo(CONFIRM)).toHaveLength(0);
  });

  it('turning off asks for the password, sends it and keeps the renewed session', async () => {
    signIn('old-token');
    const fetch = stubFetch(
      securityRoutes(overviewFixture({ two_factor_enabled: true, recovery_codes_left: 8 }), {
        [DISABLE]: { body: { two_factor_enabled: false, token: 'renewed-token' } },
      }),
    );
    const { card, user } = await openCard();
    expect(card.getByText('On')).toBeTruthy();
    expect(card.getByText(/Recovery codes left: 8/)).toBeTruthy();

    await user.click(card.getByRole('button', { name: 'Turn off' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Turn off' }));
    expect(await dialog.findByText('Please enter your password')).toBeTruthy();
    expect(fetch.callsTo(DISABLE)).toHaveLength(0);

    await user.click(dialog.getByLabelText('Current password'));
    await user.paste('correct horse');
    await user.click(dialog.getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(fetch.callsTo(DISABLE)).toHaveLength(1));
    expect(fetch.callsTo(DISABLE)[0]?.json()).toEqual({ password: 'correct horse' });
    await waitFor(() => expect(getToken()).toBe('renewed-token'));
  });

  it('new recovery codes need the password and are shown once', async () => {
    signIn();
    const fetch = stubFetch(
      securityRoutes(overviewFixture({ two_factor_enabled: true, recovery_codes_left: 2 }), {
        [REGENERATE]: { body: { recovery_codes: ['ccccc-33333'] } },
      }),
    );
    const { card, user } = await openCard();
    // Few codes left: the card says so.
    expect(
      card.getByText('You are running out of recovery codes. Generate new ones and keep them safe.'),
    ).toBeTruthy();

    await user.click(card.getByRole('button', { name: 'Generate new recovery codes' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByLabelText('Current password'));
    await user.paste('correct horse');
    await user.click(dialog.getByRole('button', { name: 'Generate' }));

    expect(await card.findByText('ccccc-33333')).toBeTruthy();
    expect(fetch.callsTo(REGENERATE)[0]?.json()).toEqual({ password: 'correct horse' });
    await user.click(card.getByRole('button', { name: 'I have saved my recovery codes' }));
    expect(card.queryByText('ccccc-33333')).toBeNull();
  });
});
