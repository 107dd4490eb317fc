import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../../test/test-app';
import {
  bearer,
  postCallback,
  type SocialTestApp,
  socialTestApp,
  wechatPerson,
  wechatReturn,
} from './social.test-kit';

describe('an account made by WeChat sign-in, before it has an e-mail address', () => {
  let s: SocialTestApp;
  let token: string;
  let userId: string;
  beforeAll(async () => {
    s = await socialTestApp();
    const signedIn = await postCallback(
      s,
      'wechat',
      await wechatReturn(s, wechatPerson({ nickname: '阿明' }), { app: 'open', type: 'login' }),
    );
    token = signedIn.json().token;
    userId = signedIn.json().user.id;
  });
  afterAll(() => s.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    s.t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  it('shows no address anywhere, with the nickname as the bound account', async () => {
    const infos = (await call('GET', '/api/user/basic-infos')).json();
    expect(infos).toMatchObject({ email: '', main_bound_account: '阿明' });
    expect((await call('GET', '/api/account/profile')).json()).toMatchObject({
      email: '',
      main_bound_account: '阿明',
    });
    expect((await call('GET', '/api/account/security')).json()).toMatchObject({
      email: '',
      has_password: false,
    });
  });

  it('sends no code to the reserved address, and asks for a password before an address is added', async () => {
    const verify = await call('POST', '/api/account/security/email/verification-code', {});
    expect(verify.statusCode).toBe(409);
    expect(verify.json().msg).toBe('Add an e-mail address first');
    const change = await call('POST', '/api/account/security/email/change-code', {
      new_email: 'ming@example.com',
      password: 'anything-1',
    });
    expect(change.statusCode).toBe(409);
    expect(change.json().msg).toBe('Set a password first, then change your e-mail address');
  });

  it('gets admin messages in the app but no e-mail to the reserved address', async () => {
    const admin = await signInAdmin(s.t.app);
    const sent = await s.t.app.inject({
      method: 'POST',
      url: '/api/admin/msg/send',
      headers: admin.auth,
      payload: {
        audience: { kind: 'users', user_ids: [userId] },
        in_app: true,
        email: true,
        level: 'important',
        title: 'Hello',
        body: 'Welcome',
      },
    });
    expect(sent.json()).toMatchObject({ recipients: 1, emails_queued: 0 });
    expect((await call('GET', '/api/user/basic-infos')).json().msgs_unread.total).toBe(1);
  });
});
