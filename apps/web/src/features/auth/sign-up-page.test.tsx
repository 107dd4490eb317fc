import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import zhCN from '../../../../server/src/modules/i18n/seed/web.zh_CN.json';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';
import { getToken } from '../../lib/cookies';
import { changeLanguage } from '../../lib/i18n/change-language';

/** Pasting sets a field in one input event; typing key by key re-validates antd's form each time. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}

interface SignUpInput {
  name: string;
  email: string;
  password: string;
  confirm: string;
}

async function fillAndSubmit(labels: Record<keyof SignUpInput | 'submit', string>, input: SignUpInput) {
  const user = userEvent.setup();
  const submit = await screen.findByRole('button', { name: labels.submit });
  await fill(user, screen.getByLabelText(labels.name), input.name);
  await fill(user, screen.getByLabelText(labels.email), input.email);
  await fill(user, screen.getByLabelText(labels.password), input.password);
  await fill(user, screen.getByLabelText(labels.confirm), input.confirm);
  await user.click(submit);
}

const ENGLISH = {
  name: 'Your name',
  email: 'E-mail',
  password: 'Password',
  confirm: 'Confirm password',
  submit: 'Create account',
};
const MISMATCH = {
  name: 'Ada',
  email: 'ada@example.com',
  password: 'correct horse',
  confirm: 'correct horsf',
};

/** The server's refusal of a weak password (zxcvbn runs there only, not in this bundle). */
const WEAK = 'This password is too common. Add more words that are less common.';

describe('/sign-up', () => {
  afterEach(async () => {
    // Unmounted first: a page still shown would re-render in English after the test ended,
    // and React's scheduler would run once the test environment is gone (window is not defined).
    cleanup();
    await changeLanguage('en_US');
  });

  it('says the two passwords do not match and sends nothing', async () => {
    const fetch = stubFetch();
    renderApp('/sign-up');
    await fillAndSubmit(ENGLISH, MISMATCH);

    expect(await screen.findByText('The two passwords do not match')).toBeTruthy();
    expect(fetch.callsTo('POST /api/auth/sign-up/email')).toHaveLength(0);
  });

  it('says it in Chinese with the seeded translation', async () => {
    stubFetch({ 'POST /api/babel/text': { body: { version: 1, loc: 'zh_CN', msgstrs: zhCN } } });
    await changeLanguage('zh_CN');
    renderApp('/sign-up');
    await fillAndSubmit(
      { name: '姓名', email: '邮箱', password: '密码', confirm: '确认密码', submit: '创建账户' },
      MISMATCH,
    );

    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
  });

  it('creates the account and continues to /chat', async () => {
    const fetch = stubFetch({
      'POST /api/auth/sign-up/email': {
        body: { token: 'new-token', user: { id: 'user-2', email: 'ada@example.com', name: 'Ada' } },
      },
      ...signedInRoutes(),
    });
    const app = renderApp('/sign-up');
    await fillAndSubmit(ENGLISH, { ...MISMATCH, confirm: MISMATCH.password });

    await waitFor(() => expect(app.location()).toBe('/chat'));
    expect(fetch.callsTo('POST /api/auth/sign-up/email')[0]?.json()).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'correct horse',
    });
    expect(getToken()).toBe('new-token');
  });

  it("shows the server's refusal of a weak password on the password field and stays", async () => {
    stubFetch({
      'POST /api/auth/sign-up/email': {
        status: 400,
        body: {
          error_code: 'VALIDATION_ERROR',
          msg: 'Some fields are not valid',
          req_id: 'r-weak',
          fields: { password: WEAK },
        },
      },
    });
    const app = renderApp('/sign-up');
    await fillAndSubmit(ENGLISH, { ...MISMATCH, password: 'password', confirm: 'password' });

    const message = await screen.findByText(WEAK);
    // On the password field: it describes the field, which is marked invalid.
    const field = screen.getByLabelText('Password');
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(app.location()).toBe('/sign-up');
    expect(getToken()).toBeNull();
  });

  it('shows an e-mail already taken on the e-mail field', async () => {
    stubFetch({
      'POST /api/auth/sign-up/email': {
        status: 409,
        body: {
          error_code: 'CONFLICT',
          msg: 'The email already exists',
          req_id: 'r3',
          fields: { email: 'The email already exists' },
        },
      },
    });
    const app = renderApp('/sign-up');
    await fillAndSubmit(ENGLISH, { ...MISMATCH, confirm: MISMATCH.password });

    const message = await screen.findByText('The email already exists');
    const field = screen.getByLabelText('E-mail');
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(app.location()).toBe('/sign-up');
  });
});
