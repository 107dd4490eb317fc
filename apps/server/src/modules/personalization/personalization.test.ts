import {
  getPersonalization,
  putPersonalization,
} from '@app/contract/account/personalization/personalization';
import type { EndpointBody } from '@app/contract/define-endpoint';
import { getBasicInfos } from '@app/contract/user/get-basic-infos';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { type Caller, callEndpoint, callEndpointRaw } from '../../test/call-endpoint';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import { canonicalTimezone } from './timezone';

describe('personalization', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const put = (as: Caller, body: EndpointBody<typeof putPersonalization>) =>
    callEndpoint(t.app, putPersonalization, { as, body });
  const read = async (as: Caller, headers: Record<string, string> = {}) =>
    (await callEndpoint(t.app, getPersonalization, { as, headers })).ok();

  it('defaults: the request language, the browser time zone, light, help on, the default date format', async () => {
    const user = await signUpUser(t.app);
    expect(await read(user)).toEqual({
      language: 'en_US',
      timezone: null,
      theme: 'light',
      help_switch: true,
      date_format: 'yyyy-MM-dd hh:mm:ss',
    });
    expect((await read(user, { 'accept-language': 'fr-FR' })).language).toBe('fr_FR');
  });

  it("announces the saved settings to the user's other tabs on user_basic, and to nobody else", async () => {
    const user = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const heard: unknown[] = [];
    const overheard: unknown[] = [];
    const stop = t.platform.events.subscribe('user_basic', user.userId, (m) => heard.push(m.payload));
    const stopOther = t.platform.events.subscribe('user_basic', other.userId, (m) =>
      overheard.push(m.payload),
    );
    await put(user, { theme: 'dark' });
    await expect.poll(() => heard.length).toBe(1);
    expect(heard[0]).toEqual({ user_global_view: { settings: expect.objectContaining({ theme: 'dark' }) } });
    // A refused change announces nothing.
    await put(user, { timezone: 'Mars/Olympus' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toHaveLength(1);
    expect(overheard).toEqual([]);
    stop();
    stopOther();
  });

  it('saves every field; basic infos carries the preferences; the language cookie is set', async () => {
    const user = await signUpUser(t.app);
    const res = await put(user, {
      language: 'zh_HK',
      timezone: 'asia/shanghai',
      theme: 'dark',
      help_switch: false,
      date_format: 'yyyy-MM',
    });
    const saved = {
      language: 'zh_HK',
      timezone: 'Asia/Shanghai',
      theme: 'dark',
      help_switch: false,
      date_format: 'yyyy-MM',
    };
    expect(res.ok()).toEqual(saved);
    expect(res.cookies.find((c) => c.name === 'app_lang')).toMatchObject({ value: 'zh_HK', path: '/' });
    expect(await read(user)).toEqual(saved);
    const [row] = await t.platform.db.select().from(users).where(eq(users.id, user.userId));
    // Stored as the dayjs pattern the web formats with.
    expect(row).toMatchObject({ locale: 'zh_HK', dateFormat: 'YYYY-MM', theme: 'dark', helpSwitch: false });

    const infos = await callEndpoint(t.app, getBasicInfos, { as: user });
    expect(infos.ok().preferences).toEqual({
      timezone: 'Asia/Shanghai',
      theme: 'dark',
      help_switch: false,
      date_format: 'yyyy-MM',
    });

    // Fields left out are kept; null gives the time zone back to the browser.
    const partial = await put(user, { timezone: null, date_format: 'yyyy-MM-dd hh' });
    expect(partial.ok()).toEqual({ ...saved, timezone: null, date_format: 'yyyy-MM-dd hh' });
    expect(partial.cookies.find((c) => c.name === 'app_lang')).toBeUndefined();
  });

  it.each([
    ['language', { language: 'de_DE' }],
    ['timezone', { timezone: 'Mars/Olympus_Mons' }],
    ['timezone', { timezone: '+08:00' }],
    ['timezone', { timezone: '' }],
    ['theme', { theme: 'blue' }],
    ['help_switch', { help_switch: 'yes' }],
    ['date_format', { date_format: 'dd/MM/yyyy' }],
    ['date_format', { date_format: 'YYYY-MM-DD' }],
  ])('bad input is a VALIDATION_ERROR naming %s and changes nothing', async (field, body) => {
    const user = await signUpUser(t.app);
    await put(user, { theme: 'dark', timezone: 'Europe/Paris' });
    const before = await read(user);
    // Values the contract refuses, sent on purpose.
    const res = await callEndpointRaw(t.app, putPersonalization, {
      as: user,
      body: { theme: 'light', ...body },
    });
    expect(res.status).toBe(400);
    expect(res.error().error_code).toBe('VALIDATION_ERROR');
    expect(Object.keys(res.error().fields ?? {})).toEqual([field]);
    expect(await read(user)).toEqual(before);
  });

  it('knows IANA zones by their canonical names and refuses offsets', () => {
    expect(canonicalTimezone('UTC')).toBe('UTC');
    expect(canonicalTimezone('america/new_york')).toBe('America/New_York');
    expect(canonicalTimezone('Europe/Nowhere')).toBeNull();
    expect(canonicalTimezone('+05:30')).toBeNull();
    expect(canonicalTimezone('../etc/passwd')).toBeNull();
  });
});
