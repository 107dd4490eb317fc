import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';
import { overviewFixture, securityRoutes } from './security-test-stubs';

const ENDPOINT = 'POST /api/account/security/password/set';

/** The server's refusal of a weak password (zxcvbn runs there only, not in this bundle). */
const WEAK = 'This password is too common. Add more words that are less common.';

describe('/account/security: an account without a password', () => {
  it('offers "Set a password" instead of "Change password"; the two must match; then it is set', async () => {
    signIn();
    let hasPassword = false;
    const fetch = stubFetch(
      securityRoutes(overviewFixture(), {
        'GET /api/account/security': () => ({ body: overviewFixture({ has_password: hasPassword }) }),
        [ENDPOINT]: () => {
          hasPassword = true;
          return { body: { set: true } };
        },
      }),
    );
    renderApp('/account/security');
    const title = await screen.findByText('Set a password', { selector: '.ant-card-head-title' });
    const card = within(title.closest('.ant-card') as HTMLElement);
    expect(screen.queryByText('Current password')).toBeNull();
    const user = userEvent.setup();

    await user.click(card.getByLabelText('New password'));
    await user.paste('first password 1');
    await user.click(card.getByLabelText('Confirm password'));
    await user.paste('first password 2');
    await user.click(card.getByRole('button', { name: 'Set password' }));
    expect(await card.findByText('The two passwords do not match')).toBeTruthy();
    expect(fetch.callsTo(ENDPOINT)).toHaveLength(0);

    await user.clear(card.getByLabelText('Confirm password'));
    await user.paste('first password 1');
    await user.click(card.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(fetch.callsTo(ENDPOINT)).toHaveLength(1));
    expect(fetch.callsTo(ENDPOINT)[0]?.json()).toEqual({
      new_password: 'first password 1',
      confirm_password: 'first password 1',
    });
    // Set: the page now offers to change it, with the current password.
    expect(await screen.findByText('Change password', { selector: '.ant-card-head-title' })).toBeTruthy();
  });

  it("shows the server's refusal of a weak password on the new-password field; it stays unset", async () => {
    signIn();
    stubFetch(
      securityRoutes(overviewFixture({ has_password: false }), {
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
    renderApp('/account/security');
    const title = await screen.findByText('Set a password', { selector: '.ant-card-head-title' });
    const card = within(title.closest('.ant-card') as HTMLElement);
    const user = userEvent.setup();
    await user.click(card.getByLabelText('New password'));
    await user.paste('12345678');
    await user.click(card.getByLabelText('Confirm password'));
    await user.paste('12345678');
    await user.click(card.getByRole('button', { name: 'Set password' }));

    const error = await card.findByText(WEAK);
    expect(error.closest('.ant-form-item')?.querySelector('#set-password_new_password')).toBeTruthy();
    expect(screen.getByText('Set a password', { selector: '.ant-card-head-title' })).toBeTruthy();
  });
});
