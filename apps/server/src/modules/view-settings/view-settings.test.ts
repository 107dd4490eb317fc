import { getViewSettings, putViewSettings } from '@app/contract/account/view-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, callEndpoint, callEndpointRaw } from '../../test/call-endpoint';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';

describe('view settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const key = { route: '/admin/user/users', type: 'columns' };
  const save = (as: Caller, values: Record<string, unknown>) =>
    callEndpoint(t.app, putViewSettings, { as, body: { ...key, values } });
  const read = async (as: Caller) => (await callEndpoint(t.app, getViewSettings, { as, query: key })).ok();

  it('saves per user and route; another user never sees it', async () => {
    const ann = await signUpUser(t.app);
    const bob = await signUpUser(t.app);
    const values = { email: { show: false }, role: { show: true } };
    expect((await save(ann, values)).status).toBe(200);
    expect(await read(ann)).toEqual({ ...key, values });
    expect((await read(bob)).values).toEqual({});
    await save(ann, { email: { show: true } });
    expect((await read(ann)).values).toEqual({ email: { show: true } });
  });

  it.each([
    ['route', { route: 'no-slash', type: 'columns', values: {} }],
    ['type', { route: '/x', type: 'Bad Type', values: {} }],
    ['values', { route: '/x', type: 'columns', values: { big: 'x'.repeat(21_000) } }],
    ['values', { route: '/x', type: 'columns', values: [1, 2] }],
  ])('bad input is a VALIDATION_ERROR naming %s', async (field, body) => {
    const user = await signUpUser(t.app);
    // Values the contract refuses (a list for a record among them), sent on purpose.
    const res = await callEndpointRaw(t.app, putViewSettings, { as: user, body });
    expect(res.status).toBe(400);
    expect(Object.keys(res.error().fields ?? {})).toContain(field);
  });
});
