import {
  listDynamicConfigHistory,
  listDynamicConfigs,
  putDynamicConfig,
  rollbackDynamicConfig,
} from '@app/contract/admin/dynamic-configs/dynamic-configs';
import { getBasicInfos } from '@app/contract/user/get-basic-infos';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltApp, buildApp } from '../../app';
import { dynamicConfigChanges, dynamicConfigs, operationRecords } from '../../db/schema';
import { bumpVersion } from '../../platform/versions';
import { type Caller, callEndpoint } from '../../test/call-endpoint';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';
import { readDynamicConfig } from './dynamic-configs.service';

/** Waits for a condition the database's change notifications bring about (at most `ms`). */
async function until(check: () => Promise<boolean>, ms = 1000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not within time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('dynamic configs', () => {
  let t: TestApp;
  let admin: Caller & { token: string };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const put = (key: string, value: unknown) =>
    callEndpoint(t.app, putDynamicConfig, {
      params: { key: key as 'team_name' },
      body: { value: value as string },
      as: admin,
    });
  const history = (key?: string, page = 1, page_size = 10) =>
    callEndpoint(t.app, listDynamicConfigHistory, {
      query: { ...(key ? { key: key as 'team_name' } : {}), page, page_size },
      as: admin,
    });

  it('lists every key with its type, bounds and default, the environment ones marked', async () => {
    const { items } = (await callEndpoint(t.app, listDynamicConfigs, { as: admin })).ok();
    const byKey = new Map(items.map((item) => [item.key, item]));
    expect(byKey.get('chat_rate_limit')).toMatchObject({ type: 'int', min: 1, max: 10_000, value: 60 });
    expect(byKey.get('currency')).toMatchObject({
      type: 'enum',
      options: ['USD', 'CNY', 'EUR'],
      value: 'USD',
      default_source: 'environment',
    });
    expect(byKey.get('upload_limits')).toMatchObject({
      type: 'json',
      value: { max_files: 10, max_bytes: t.config.UPLOAD_MAX_BYTES },
    });
    expect(byKey.get('dev_test')).toMatchObject({ type: 'bool', value: true, default_source: 'environment' });
    expect(byKey.get('team_name')).toMatchObject({ type: 'string', max_length: 100, value: '' });
    for (const key of [
      'team_name',
      'location_val',
      'default_lang',
      'main_bound_key',
      'currency',
      'dev_test',
      'gads_enable',
      'api_host',
      'usePostHog_enable',
    ]) {
      expect(byKey.get(key as 'team_name')?.group).toBe('global');
    }
  });

  it('refuses a value that does not fit its definition, naming value, and changes nothing', async () => {
    const refused: [string, unknown][] = [
      ['chat_rate_limit', 0],
      ['chat_rate_limit', 10_001],
      ['chat_rate_limit', 2.5],
      ['chat_rate_limit', '60'],
      ['currency', 'GBP'],
      ['default_lang', 'de_DE'],
      ['sign_up_enable', 'yes'],
      ['team_name', 'x'.repeat(101)],
      ['team_name', 5],
      ['upload_limits', { max_files: 0, max_bytes: 4096 }],
      ['upload_limits', { max_files: 2 }],
      ['upload_limits', [1, 2]],
    ];
    for (const [key, value] of refused) {
      const res = await put(key, value);
      expect(res.status, `${key} ${JSON.stringify(value)}`).toBe(400);
      expect(res.error()).toMatchObject({
        error_code: 'VALIDATION_ERROR',
        fields: { value: expect.any(String) },
      });
    }
    expect((await put('no_such_key', true)).status).toBe(400);
    expect(await t.platform.db.select().from(dynamicConfigs)).toEqual([]);
    expect((await history()).ok().total).toBe(0);
    const user = await signUpUser(t.app);
    expect(
      (
        await callEndpoint(t.app, putDynamicConfig, {
          params: { key: 'team_name' },
          body: { value: 'x' },
          as: user,
        })
      ).status,
    ).toBe(403);
    expect((await callEndpoint(t.app, listDynamicConfigHistory, { query: {}, as: user })).status).toBe(403);
  });

  it('keeps a stored boolean of before working, and a stored value that no longer fits gives way to the default', async () => {
    await t.platform.db.insert(dynamicConfigs).values([
      { key: 'gads_enable', value: true },
      { key: 'chat_rate_limit', value: 'sixty' },
    ]);
    try {
      await bumpVersion(t.platform.db, 'dynamic_config');
      await until(async () => (await readDynamicConfig(t.platform, 'gads_enable')) === true);
      expect(await readDynamicConfig(t.platform, 'chat_rate_limit')).toBe(60);
    } finally {
      await t.platform.db.delete(dynamicConfigs);
      await bumpVersion(t.platform.db, 'dynamic_config');
    }
    await until(async () => (await readDynamicConfig(t.platform, 'gads_enable')) === false);
  });

  it('answers the global config from the configs, its defaults from the environment', async () => {
    const user = await signUpUser(t.app);
    const before = (await callEndpoint(t.app, getBasicInfos, { as: user })).ok();
    expect(before.global_config).toEqual({
      team_name: before.team.name,
      location_val: 'global',
      default_lang: 'en_US',
      main_bound_key: 'email',
      currency: 'USD',
      dev_test: true,
      gads_enable: false,
      api_host: t.config.publicUrl,
      usePostHog_enable: false,
    });
    for (const [key, value] of [
      ['team_name', 'Acme'],
      ['location_val', 'cn'],
      ['default_lang', 'fr_FR'],
      ['currency', 'EUR'],
      ['dev_test', false],
      ['api_host', 'https://api.example.com'],
      ['usePostHog_enable', true],
    ] as const) {
      expect((await put(key, value)).status).toBe(200);
    }
    const after = (await callEndpoint(t.app, getBasicInfos, { as: user })).ok();
    expect(after.global_config).toMatchObject({
      team_name: 'Acme',
      location_val: 'cn',
      default_lang: 'fr_FR',
      currency: 'EUR',
      dev_test: false,
      api_host: 'https://api.example.com',
      usePostHog_enable: true,
    });
  });

  it('keeps every change in the history, newest first, and rolls one back as a change of its own', async () => {
    expect((await put('chat_rate_limit', 30)).ok()).toMatchObject({
      value: 30,
      updated_by: 'root@example.com',
    });
    expect((await put('chat_rate_limit', 45)).ok()).toMatchObject({ value: 45 });
    const page = (await history('chat_rate_limit')).ok();
    expect(page).toMatchObject({ total: 2, page: 1, page_size: 10 });
    expect(page.items.map((item) => [item.old_value, item.new_value])).toEqual([
      [30, 45],
      [null, 30],
    ]);
    expect(page.items[0]).toMatchObject({ changed_by: 'root@example.com', rollback_of: null });
    expect(page.items[0]?.changed_at).toBeGreaterThan(1_700_000_000);

    // Undo the 30 -> 45 change: back to 30, recorded.
    const latest = page.items[0]?.id ?? '';
    const rolled = await callEndpoint(t.app, rollbackDynamicConfig, { params: { id: latest }, as: admin });
    expect(rolled.ok()).toMatchObject({ key: 'chat_rate_limit', value: 30 });
    expect(await readDynamicConfig(t.platform, 'chat_rate_limit')).toBe(30);
    const [newest] = (await history('chat_rate_limit')).ok().items;
    expect(newest).toMatchObject({ old_value: 45, new_value: 30, rollback_of: latest });
    const [record] = await t.platform.db
      .select()
      .from(operationRecords)
      .where(
        and(
          eq(operationRecords.action, 'dynamic_config.rollback'),
          eq(operationRecords.targetId, 'chat_rate_limit'),
        ),
      );
    expect(record).toMatchObject({ result: 'success', before: { value: 45 }, after: { value: 30 } });

    // Undo the first change: no value stored, the default again.
    const first = page.items[1]?.id ?? '';
    const toDefault = (
      await callEndpoint(t.app, rollbackDynamicConfig, { params: { id: first }, as: admin })
    ).ok();
    expect(toDefault).toMatchObject({ value: 60, updated_at: null });
    expect(await readDynamicConfig(t.platform, 'chat_rate_limit')).toBe(60);

    // Every key's changes together, paginated.
    const all = (await history(undefined, 1, 2)).ok();
    expect(all.items).toHaveLength(2);
    expect(all.total).toBe((await t.platform.db.select().from(dynamicConfigChanges)).length);
    expect((await history(undefined, 2, 2)).ok().items[0]?.id).not.toBe(all.items[0]?.id);
    expect(
      (await callEndpoint(t.app, rollbackDynamicConfig, { params: { id: 'nope' }, as: admin })).status,
    ).toBe(404);
  });

  it('a change made on one instance is read on another sharing the database within a second', async () => {
    const second: BuiltApp = await buildApp({
      config: t.config,
      database: t.platform.database,
      secret: 'test-secret-test-secret-test-secret-0123',
    });
    await second.app.ready();
    try {
      expect(await readDynamicConfig(second.platform, 'chat_rate_limit')).toBe(60);
      expect((await put('chat_rate_limit', 7)).status).toBe(200);
      // Within a second, as the change feed carries the version to the other instance.
      await until(async () => (await readDynamicConfig(second.platform, 'chat_rate_limit')) === 7, 1000);
    } finally {
      await second.app.close();
    }
  });
});
