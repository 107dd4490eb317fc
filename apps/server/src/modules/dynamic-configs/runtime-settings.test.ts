import { randomUUID } from 'node:crypto';
import { putDynamicConfig } from '@app/contract/admin/dynamic-configs/dynamic-configs';
import { postSignUp } from '@app/contract/auth/sign-up';
import { createChat, sendChatMessage } from '@app/contract/chat/chats';
import { uploadStorageFiles } from '@app/contract/storage/files';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans, subscriptions } from '../../db/schema';
import { type Caller, callEndpoint, endpointUrl, toCall } from '../../test/call-endpoint';
import { uploadThrough } from '../../test/multipart';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';
import { teamIdOf } from '../billing/billing.test-kit';

/** Each runtime setting the server reads from the dynamic configs, changed and seen to act. */
describe('runtime settings from the dynamic configs', () => {
  let t: TestApp;
  let admin: Caller & { token: string };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  async function set(key: string, value: unknown) {
    const res = await callEndpoint(t.app, putDynamicConfig, {
      params: { key: key as 'team_name' },
      body: { value: value as string },
      as: admin,
    });
    expect(res.status, res.text).toBe(200);
  }

  it('upload limits: files per upload and bytes per file follow upload_limits', async () => {
    const user = await signUpUser(t.app);
    const files = (n: number, bytes = 10) =>
      Array.from({ length: n }, (_, i) => ({ name: `f${i}.txt`, content: Buffer.alloc(bytes, 0x61) }));
    const upload = async (parts: ReturnType<typeof files>) =>
      (await uploadThrough(t.app, uploadStorageFiles, { files: parts, as: user })).ok().result;

    expect((await upload(files(3))).every((item) => item.status === 'success')).toBe(true);
    await set('upload_limits', { max_files: 2, max_bytes: 2048 });
    const limited = await upload(files(3));
    expect(limited.filter((item) => item.status === 'success')).toHaveLength(2);
    expect(limited[2]).toMatchObject({ status: 'failure', why: 'Maximum number of uploads exceeded.' });
    expect((await upload(files(1, 3000)))[0]).toMatchObject({ status: 'failure', error: 'size_limit' });
    await set('upload_limits', { max_files: 10, max_bytes: t.config.UPLOAD_MAX_BYTES });
    expect((await upload(files(1, 3000)))[0]).toMatchObject({ status: 'success' });
  });

  it('sign-up switch: off refuses sign-up with a clear error and makes no account; on again admits', async () => {
    const body = { name: 'Late', email: `late-${randomUUID()}@example.com`, password: 'correct-horse-1' };
    await set('sign_up_enable', false);
    const refused = await callEndpoint(t.app, postSignUp, { body });
    expect(refused.status).toBe(403);
    expect(refused.error()).toMatchObject({
      error_code: 'FORBIDDEN',
      msg: 'Sign-up is closed on this server',
    });
    await set('sign_up_enable', true);
    expect((await callEndpoint(t.app, postSignUp, { body })).status).toBe(200);
  });

  it('default plan: a new team starts on the plan default_plan names, else the plan marked default', async () => {
    const planOf = async (who: Caller) => {
      const teamId = await teamIdOf(t, who);
      const [row] = await t.platform.db
        .select({ key: plans.key })
        .from(subscriptions)
        .innerJoin(plans, eq(plans.id, subscriptions.planId))
        .where(and(eq(subscriptions.teamId, teamId), eq(subscriptions.status, 'active')));
      return row?.key;
    };
    const [marked] = await t.platform.db
      .select({ key: plans.key })
      .from(plans)
      .where(eq(plans.isDefault, true));
    expect(await planOf(await signUpUser(t.app))).toBe(marked?.key);
    await set('default_plan', 'pro_monthly');
    expect(await planOf(await signUpUser(t.app))).toBe('pro_monthly');
    // A key naming no active subscription plan falls back to today's rule.
    await set('default_plan', 'credits_1000');
    expect(await planOf(await signUpUser(t.app))).toBe(marked?.key);
    await set('default_plan', '');
  });

  it('chat rate limit: messages per minute per client follow chat_rate_limit', async () => {
    const user = await signUpUser(t.app);
    const chat = (await callEndpoint(t.app, createChat, { as: user, body: {} })).ok().chat;
    const send = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: endpointUrl(sendChatMessage, { params: { id: chat.id } }),
        headers: user.auth,
        payload: { id: `msg-${randomUUID()}`, text: 'hello' },
        remoteAddress: '10.99.0.1',
      });
      return toCall(sendChatMessage, res).status;
    };
    await set('chat_rate_limit', 2);
    expect(await send()).not.toBe(429);
    expect(await send()).not.toBe(429);
    expect(await send()).toBe(429);
    await set('chat_rate_limit', 10);
    expect(await send()).not.toBe(429);
  });
});
