import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';
import { securityRoutes } from './security-test-stubs';

const ENDPOINT = 'POST /api/account/security/password';

async function openPage() {
  renderApp('/account/security');
  const card = (await screen.findByText('Change password', { selector: '.ant-card-head-title' })).closest(
    '.ant-card',
  ) as HTMLElement;
  return { card: within(card), user: userEvent.setup() };
}

async function fillPasswords(
  card: ReturnType<typeof within>,
  user: ReturnType<typeof userEvent.setup>,
  values: { current: string; next: string; confirm: string },
) {
  await user.click(card.getByLabelText('Current password'));
  await user.paste(values.current);
  await user.click(card.getByLabelText('New password'));
  await user.paste(values.next);
  await user.click(card.getByLabelText('Confirm password'));
  await user.paste(values.confirm);
  await user.click(card.getByRole('button', { name: 'Change password' }));
}

/** The server's refusal of a weak password (zxcvbn runs there only, not in this bundle). */
const WEAK = 'This password is too common. Add more words that are less common.';

describe('/account/security: change password', () => {
  it("the confirmation must match: shows 'The two passwords do not match' and sends nothing", async () => {
    signIn();
    const fetch = stubFetch(securityRoutes());
    const { card, user } = await openPage();
    await fillPasswords(card, user, {
      current: 'old password',
      next: 'new password 1',
      confirm: 'new password 2',
    });

    expect(await card.findByText('The two passwords do not match')).toBeTruthy();
    expect(fetch.callsTo(ENDPOINT)).toHaveLength(0);
  });

  it('sends the current and the new password, then says the other sessions were signed out', async () => {
    signIn();
    const fetch = stubFetch(securityRoutes(undefined, { [ENDPOINT]: { body: { sessions_revoked: 2 } } }));
    const { card, user } = await openPage();
    await fillPasswords(card, user, {
      current: 'old password',
      next: 'new password 1',
      confirm: 'new password 1',
    });

    await waitFor(() => expect(fetch.callsTo(ENDPOINT)).toHaveLength(1));
    expect(fetch.callsTo(ENDPOINT)[0]?.json()).toEqual({
      current_password: 'old password',
      new_password: 'new password 1',
      confirm_password: 'new password 1',
    });
    expect(
      await card.findByText('Your other sessions were signed out (2); this device stays signed in.'),
    ).toBeTruthy();
    // The form is emptied, so the passwords do not linger on screen.
    expect((card.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  it('a wrong current password is shown on its field', async () => {
    signIn();
    stubFetch(
      securityRoutes(undefined, {
        [ENDPOINT]: {
          status: 400,
          body: {
            error_code: 'VALIDATION_ERROR',
            msg: 'Some fields are not valid',
            req_id: 'r1',
            fields: { current_password: 'The current password is wrong' },
          },
        },
      }),
    );
    const { card, user } = await openPage();
    await fillPasswords(card, user, {
      current: 'bad password',
      next: 'new password 1',
      confirm: 'new password 1',
    });

    const error = await card.findByText('The current password is wrong');
    expect(error.closest('.ant-form-item')?.querySelector('#change-password_current_password')).toBeTruthy();
    // On its field only: no toast repeating the server's general message.
    expect(screen.queryByText('Some fields are not valid')).toBeNull();
  });

  it("shows the server's refusal of a weak new password on its field, and no toast", async () => {
    signIn();
    stubFetch(
      securityRoutes(undefined, {
        [ENDPOINT]: {
          status: 400,
          body: {
            error_code: 'VALIDATION_ERROR',
            msg: 'Some fields are not valid',
            req_id: 'r-weak',
            fields: { new_password: WEAK },
          },
        },
      }),
    );
    const { card, user } = await openPage();
    await fillPasswords(card, user, { current: 'old password', next: 'password', confirm: 'password' });

    const error = await card.findByText(WEAK);
    expect(error.closest('.ant-form-item')?.querySelector('#change-password_new_password')).toBeTruthy();
    expect(screen.queryByText('Some fields are not valid')).toBeNull();
  });
});
