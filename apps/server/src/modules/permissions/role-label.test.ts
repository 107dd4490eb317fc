import { getBasicInfos } from '@app/contract/user/get-basic-infos';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../../test/call-endpoint';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import { roleLabel } from './role-label';

const zh = (msgid: string) => ({ User: '用户', 'Super admin': '超级管理员', Other: '其他' })[msgid] ?? msgid;

describe('role names as the caller reads them', () => {
  it('a seeded role is translated; a role an admin created or renamed is shown as written', () => {
    expect(roleLabel(zh, 'user', 'User')).toBe('用户');
    expect(roleLabel(zh, 'super_admin', 'Super admin')).toBe('超级管理员');
    expect(roleLabel(zh, 'user', 'Customer')).toBe('Customer');
    // A custom role whose name happens to be a UI word keeps it.
    expect(roleLabel(zh, 'team_lead', 'Other')).toBe('Other');
    expect(roleLabel(zh, 'ghost', null)).toBe('ghost');
  });

  describe('in basic infos', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it("role_name follows the request's language: 'User' in English, '用户' in zh_CN", async () => {
      const user = await signUpUser(t.app);
      const en = (
        await callEndpoint(t.app, getBasicInfos, { as: user, headers: { 'accept-language': 'en-US' } })
      ).ok();
      expect(en.role_name).toBe('User');
      const cn = (
        await callEndpoint(t.app, getBasicInfos, { as: user, headers: { 'accept-language': 'zh-CN' } })
      ).ok();
      expect(cn.role_name).toBe('用户');
    });
  });
});
