import { getProfile } from '@app/contract/account/profile/profile';
import { postSendEmailChangeCode, postSendVerificationCode } from '@app/contract/account/security/email';
import { getSecurityOverview } from '@app/contract/account/security/security-overview';
import { sendMessage } from '@app/contract/messages/send';
import { getBasicInfos } from '@app/contract/user/get-basic-infos';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, callEndpoint } from '../../test/call-endpoint';
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
  let ming: Caller;
  let userId: string;
  beforeAll(async () => {
    s = await socialTestApp();
    const signedIn = await postCallback(
      s,
      'wechat',
      await wechatReturn(s, wechatPerson({ nickname: '阿明' }), { app: 'open', type: 'login' }),
    );
    const body = signedIn.ok();
    ming = bearer(body.token);
    userId = body.user?.id ?? '';
  });
  afterAll(() => s.close());

  const basicInfos = async () => (await callEndpoint(s.t.app, getBasicInfos, { as: ming })).ok();

  it('shows no address anywhere, with the nickname as the bound account', async () => {
    expect(await basicInfos()).toMatchObject({ email: '', main_bound_account: '阿明' });
    expect((await callEndpoint(s.t.app, getProfile, { as: ming })).ok()).toMatchObject({
      email: '',
      main_bound_account: '阿明',
    });
    expect((await callEndpoint(s.t.app, getSecurityOverview, { as: ming })).ok()).toMatchObject({
      email: '',
      has_password: false,
    });
  });

  it('sends no code to the reserved address, and asks for a password before an address is added', async () => {
    const verify = await callEndpoint(s.t.app, postSendVerificationCode, { as: ming });
    expect(verify.status).toBe(409);
    expect(verify.error().msg).toBe('Add an e-mail address first');
    const change = await callEndpoint(s.t.app, postSendEmailChangeCode, {
      as: ming,
      body: { new_email: 'ming@example.com', password: 'anything-1' },
    });
    expect(change.status).toBe(409);
    expect(change.error().msg).toBe('Set a password first, then change your e-mail address');
  });

  it('gets admin messages in the app but no e-mail to the reserved address', async () => {
    const admin = await signInAdmin(s.t.app);
    const sent = await callEndpoint(s.t.app, sendMessage, {
      as: admin,
      body: {
        audience: { kind: 'users', user_ids: [userId] },
        in_app: true,
        email: true,
        level: 'important',
        title: 'Hello',
        body: 'Welcome',
      },
    });
    expect(sent.ok()).toMatchObject({ recipients: 1, emails_queued: 0 });
    expect((await basicInfos()).msgs_unread.total).toBe(1);
  });
});
