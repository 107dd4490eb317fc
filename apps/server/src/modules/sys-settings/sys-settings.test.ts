import {
  getNotificationSettings,
  putNotificationSettings,
} from '@app/contract/account/sys-settings/notifications';
import type { EndpointBody } from '@app/contract/define-endpoint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, callEndpoint, callEndpointRaw } from '../../test/call-endpoint';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';

describe('notification settings: which message levels also go by e-mail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const read = async (as: Caller) => (await callEndpoint(t.app, getNotificationSettings, { as })).ok();
  const put = (as: Caller, body: EndpointBody<typeof putNotificationSettings>) =>
    callEndpoint(t.app, putNotificationSettings, { as, body });

  it('defaults without a saved row: important and warning by e-mail', async () => {
    const user = await signUpUser(t.app);
    expect(await read(user)).toEqual({
      email: { important: true, warning: true, special: false, other: false },
    });
  });

  it('saves the levels given and keeps the others; per user', async () => {
    const user = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const first = await put(user, { email: { special: true, important: false } });
    expect(first.ok()).toEqual({ email: { important: false, warning: true, special: true, other: false } });
    const second = (await put(user, { email: { other: true } })).ok();
    expect(second).toEqual({ email: { important: false, warning: true, special: true, other: true } });
    expect(await read(user)).toEqual(second);
    expect((await read(other)).email.important).toBe(true);
  });

  it.each([
    ['email', {}],
    ['email', { email: 'all' }],
    ['email.important', { email: { important: 'yes' } }],
  ])('bad input is a VALIDATION_ERROR naming %s and changes nothing', async (field, body) => {
    const user = await signUpUser(t.app);
    await put(user, { email: { other: true } });
    const before = await read(user);
    // Bodies the contract refuses, sent on purpose.
    const res = await callEndpointRaw(t.app, putNotificationSettings, { as: user, body });
    expect(res.status).toBe(400);
    expect(Object.keys(res.error().fields ?? {})).toEqual([field]);
    expect(await read(user)).toEqual(before);
  });
});
