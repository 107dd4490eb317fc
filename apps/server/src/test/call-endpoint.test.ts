import { renameTeam, switchCurrentTeam } from '@app/contract/account/teams/teams';
import { getBasicInfos } from '@app/contract/user/get-basic-infos';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from './call-endpoint';
import { createTestApp, signUpUser, type TestApp } from './test-app';

/** The test client reads answers with the contract's schemas and refusals with the envelope's. */
describe('callEndpoint', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers typed by the contract, and refusals as the envelope', async () => {
    const ann = await signUpUser(t.app, { name: 'Ann' });
    const infos = (await callEndpoint(t.app, getBasicInfos, { as: ann })).ok();
    expect(infos.username).toBe('Ann');

    const anonymous = await callEndpoint(t.app, getBasicInfos);
    expect(anonymous.status).toBe(401);
    expect(anonymous.error().error_code).toBe('BEARER_TOKEN_ERROR');
    expect(() => anonymous.ok()).toThrow(/answered 401/);

    const renamed = await callEndpoint(t.app, renameTeam, {
      as: ann,
      params: { id: infos.team.id },
      body: { name: 'Renamed' },
    });
    expect(renamed.ok().team.name).toBe('Renamed');

    const missing = await callEndpoint(t.app, switchCurrentTeam, { as: ann, body: { team_id: 'nope' } });
    expect([missing.status, missing.error().error_code]).toEqual([404, 'NOT_FOUND']);
  });
});
