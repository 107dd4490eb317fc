import { getBasicInfos } from '@app/contract/user/get-basic-infos';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../../test/call-endpoint';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';

describe(`${getBasicInfos.id}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers every field of the spec with the e-mail masked', async () => {
    const user = await signUpUser(t.app, { email: 'jonathan@example.com', name: 'Jonathan' });
    // ok() reads the answer with the contract's own schema (zBasicInfos).
    const body = (await callEndpoint(t.app, getBasicInfos, { as: user })).ok();
    expect(body).toMatchObject({
      id: user.userId,
      username: 'Jonathan',
      email: 'j******n@example.com',
      role_name: 'User',
      msgs_unread: { total: 0, msgs: [] },
      team: { name: "Jonathan's team", role: 'owner' },
      api_version: '1.0.0',
      view_config: { large_menu_for_adm: false },
      usm_quota: { plan_key: 'free' },
      main_bound_account: 'j******n@example.com',
      avatar_url: null,
      preferences: { timezone: null, theme: 'light', help_switch: true, date_format: 'yyyy-MM-dd hh:mm:ss' },
    });
    expect(body.user_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(body.languages.map((l) => l.loc)).toEqual(['en_US', 'zh_CN', 'zh_HK', 'fr_FR']);
    expect(body.latest_translation_version).toBeGreaterThanOrEqual(1);
    expect(body.latest_permission_version).toBeGreaterThanOrEqual(1);
    expect(Math.abs(body.created_at - Date.now() / 1000)).toBeLessThan(60);
  });

  it('the super admin seeded from ADMIN_EMAIL has the super admin role', async () => {
    const admin = await signInAdmin(t.app);
    const res = await callEndpoint(t.app, getBasicInfos, { as: admin });
    expect(res.ok().role_name).toBe('Super admin');
  });

  it.each([
    ['no token', {}],
    ['a made-up token', { authorization: 'Bearer made-up-token' }],
    ['a non-bearer scheme', { authorization: 'Basic abc' }],
  ])('with %s answers 401 BEARER_TOKEN_ERROR', async (_label, headers) => {
    const res = await callEndpoint(t.app, getBasicInfos, { headers });
    expect(res.status).toBe(401);
    expect(res.error().error_code).toBe('BEARER_TOKEN_ERROR');
  });

  it('messages follow Accept-Language', async () => {
    const res = await callEndpoint(t.app, getBasicInfos, { headers: { 'accept-language': 'zh-CN' } });
    expect(res.error().msg).toBe('请重新登录');
  });
});
