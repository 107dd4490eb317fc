import { evictCache, inspectCacheKey, listCacheKeys, listCaches } from '@app/contract/admin/caches/caches';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../app';
import { buildApp } from '../../app';
import { operationRecords } from '../../db/schema';
import { type Caller, callEndpoint } from '../../test/call-endpoint';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';

/** Waits for a condition another instance brings about through the database's notifications. */
async function eventually(check: () => boolean, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('not within time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('data caches', () => {
  let t: TestApp;
  let admin: Caller & { token: string };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the session cache, the version-tied caches and the rate-limit counters with their figures', async () => {
    await callEndpoint(t.app, listCaches, { as: admin });
    const { instance_id, items } = (await callEndpoint(t.app, listCaches, { as: admin })).ok();
    expect(instance_id).toBe(t.platform.caches.instanceId);
    const byName = new Map(items.map((item) => [item.name, item]));
    const sessions = byName.get('sessions');
    expect(sessions).toMatchObject({ backend: 'memory', ttl_seconds: 30 });
    expect(sessions?.entries).toBeGreaterThanOrEqual(1);
    expect(sessions?.hits).toBeGreaterThanOrEqual(1);
    expect(sessions?.hit_rate).toBeGreaterThan(0);
    expect(sessions?.bytes).toBeGreaterThan(0);
    expect(
      byName.get('version:roles') ??
        byName.get([...byName.keys()].find((name) => name.startsWith('version:')) ?? ''),
    ).toBeTruthy();
    // The admin's sign-in went through a rate-limited route.
    expect(byName.get('rate-limit')?.entries).toBeGreaterThanOrEqual(1);
  });

  it('shows a session by its user and expiry, never by its token', async () => {
    const page = (
      await callEndpoint(t.app, listCacheKeys, {
        as: admin,
        query: { name: 'sessions', q: 'root@', page: 1, page_size: 10 },
      })
    ).ok();
    expect(page.total).toBe(1);
    const key = page.items[0];
    expect(key?.label).toContain('root@example.com');
    const inspected = await callEndpoint(t.app, inspectCacheKey, {
      as: admin,
      query: { name: 'sessions', id: key?.id ?? '' },
    });
    const value = inspected.ok().value as { user: { email: string }; session_expires_at: number };
    expect(value.user.email).toBe('root@example.com');
    expect(value.session_expires_at).toBeGreaterThan(Date.now() / 1000);
    const raw = admin.token.split('.')[0] ?? admin.token;
    expect(inspected.text).not.toContain(raw);
    const listed = await callEndpoint(t.app, listCacheKeys, {
      as: admin,
      query: { name: 'sessions', page: 1, page_size: 100 },
    });
    expect(listed.text).not.toContain(raw);
  });

  it('evicts one key, then all, and records each', async () => {
    const user = await signUpUser(t.app);
    await callEndpoint(t.app, listCaches, { as: user });
    const page = (
      await callEndpoint(t.app, listCacheKeys, {
        as: admin,
        query: { name: 'sessions', q: user.email, page: 1, page_size: 10 },
      })
    ).ok();
    const id = page.items[0]?.id ?? '';
    expect(id).not.toBe('');
    expect(
      (await callEndpoint(t.app, evictCache, { as: admin, body: { name: 'sessions', id } })).ok().evicted,
    ).toBe(1);
    const again = (
      await callEndpoint(t.app, listCacheKeys, {
        as: admin,
        query: { name: 'sessions', q: user.email, page: 1, page_size: 10 },
      })
    ).ok();
    expect(again.total).toBe(0);

    const all = (await callEndpoint(t.app, evictCache, { as: admin, body: { name: 'sessions' } })).ok();
    expect(all.evicted).toBeGreaterThanOrEqual(1);
    expect(t.platform.sessions.size).toBe(0);
    const records = await t.platform.db
      .select()
      .from(operationRecords)
      .where(and(eq(operationRecords.targetType, 'cache'), eq(operationRecords.targetId, 'sessions')));
    expect(records.map((record) => record.action).sort()).toEqual(['cache.evict', 'cache.evict_all']);
  });

  it('clears the rate-limit counters and the version-tied caches', async () => {
    expect((await callEndpoint(t.app, evictCache, { as: admin, body: { name: 'rate-limit' } })).status).toBe(
      200,
    );
    const { items } = (await callEndpoint(t.app, listCaches, { as: admin })).ok();
    expect(items.find((item) => item.name === 'rate-limit')?.entries).toBe(0);
    const versioned = items.find((item) => item.name.startsWith('version:') && item.entries === 1);
    expect(versioned).toBeTruthy();
    const evicted = (
      await callEndpoint(t.app, evictCache, { as: admin, body: { name: versioned?.name ?? '' } })
    ).ok();
    expect(evicted.evicted).toBe(1);
  });

  it('refuses an unknown cache and an unknown key, and ordinary users', async () => {
    const unknown = await callEndpoint(t.app, evictCache, { as: admin, body: { name: 'nope' } });
    expect(unknown.status).toBe(400);
    expect(unknown.error()).toMatchObject({
      error_code: 'VALIDATION_ERROR',
      fields: { name: expect.any(String) },
    });
    const missing = await callEndpoint(t.app, inspectCacheKey, {
      as: admin,
      query: { name: 'sessions', id: 'nope' },
    });
    expect(missing.status).toBe(404);
    const user = await signUpUser(t.app);
    expect((await callEndpoint(t.app, listCaches, { as: user })).status).toBe(403);
    expect((await callEndpoint(t.app, evictCache, { as: user, body: { name: 'sessions' } })).status).toBe(
      403,
    );
  });

  it('evicts on every instance sharing the database', async () => {
    const second: BuiltApp = await buildApp({
      config: t.config,
      database: t.platform.database,
      secret: 'test-secret-test-secret-test-secret-0123',
    });
    await second.app.ready();
    try {
      const user = await signUpUser(t.app);
      await callEndpoint(second.app, listCaches, { as: admin });
      await callEndpoint(second.app, listCaches, { as: user });
      expect(second.platform.sessions.size).toBeGreaterThanOrEqual(2);
      expect(second.platform.caches.instanceId).not.toBe(t.platform.caches.instanceId);
      await callEndpoint(t.app, evictCache, { as: admin, body: { name: 'sessions' } });
      await eventually(() => second.platform.sessions.size === 0);
    } finally {
      await second.app.close();
    }
  });
});
