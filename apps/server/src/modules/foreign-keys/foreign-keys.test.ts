import { Writable } from 'node:stream';
import {
  clearForeignKey,
  listForeignKeys,
  saveForeignKey,
  testForeignKey,
} from '@app/contract/admin/foreign-keys/foreign-keys';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foreignKeys, operationRecords, users } from '../../db/schema';
import { callEndpoint } from '../../test/call-endpoint';
import { OAuthStandIn } from '../../test/oauth-stand-in';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';
import { readForeignKey } from './foreign-keys.service';

/**
 * The foreign-keys vault: credentials sealed at rest (AES-256-GCM, key from APP_SECRET), masked
 * on the wire, never in a log or an operation record; environment values seed it; a test
 * connection asks the provider (a local stand-in for Google's token endpoint).
 */
describe('foreign keys', () => {
  let t: TestApp;
  let google: OAuthStandIn;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  const lines: string[] = [];
  const SECRET = 'GOCSPX-super-secret-value-1234';

  beforeAll(async () => {
    google = await new OAuthStandIn().start();
    google.registerGoogleClient({ clientId: 'client-1', clientSecret: SECRET, redirectUris: [] });
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    t = await createTestApp(
      { GOOGLE_TOKEN_URL: `${google.url}/google/token`, GOOGLE_CLIENT_ID: 'env-client' },
      { logger: { level: 'trace', stream } },
    );
    admin = await signInAdmin(t.app);
  });
  afterAll(async () => {
    await t.close();
    await google.stop();
  });

  it('shows the environment seed until values are saved; then the saved ones, secrets masked', async () => {
    const before = (await callEndpoint(t.app, listForeignKeys, { as: admin })).ok();
    expect(before.items[0]).toMatchObject({
      kind: 'google_oauth',
      source: 'env',
      fields: expect.arrayContaining([expect.objectContaining({ key: 'client_id', shown: 'env-client' })]),
    });
    const saved = (
      await callEndpoint(t.app, saveForeignKey, {
        as: admin,
        params: { kind: 'google_oauth' },
        body: { values: { client_id: 'client-1', client_secret: SECRET } },
      })
    ).ok();
    expect(saved.source).toBe('saved');
    expect(saved.fields.find((f) => f.key === 'client_secret')?.shown).toBe('••••••••1234');
    expect(JSON.stringify(saved)).not.toContain(SECRET);
    // Sealed at rest: the row holds no readable secret.
    const [row] = await t.platform.db.select().from(foreignKeys).where(eq(foreignKeys.kind, 'google_oauth'));
    expect(row?.sealed).toMatch(/^v1\./);
    expect(row?.sealed).not.toContain(SECRET);
    expect(await readForeignKey(t.platform, 'google_oauth')).toEqual({
      client_id: 'client-1',
      client_secret: SECRET,
    });
  });

  it('an empty secret keeps the saved one; a missing required field or an unknown one is refused by name', async () => {
    const kept = (
      await callEndpoint(t.app, saveForeignKey, {
        as: admin,
        params: { kind: 'google_oauth' },
        body: { values: { client_id: 'client-1', client_secret: '' } },
      })
    ).ok();
    expect(kept.fields.find((f) => f.key === 'client_secret')?.shown).toBe('••••••••1234');
    const unknown = await callEndpoint(t.app, saveForeignKey, {
      as: admin,
      params: { kind: 'google_oauth' },
      body: { values: { client_id: 'x', api_key: 'y' } },
    });
    expect([unknown.status, unknown.error().fields]).toEqual([400, { 'values.api_key': 'Unknown field' }]);
    const missing = await callEndpoint(t.app, saveForeignKey, {
      as: admin,
      params: { kind: 'google_oauth' },
      body: { values: { client_id: '' } },
    });
    expect(Object.keys(missing.error().fields ?? {})).toEqual(['values.client_id']);
    expect(await readForeignKey(t.platform, 'google_oauth')).toMatchObject({ client_id: 'client-1' });
  });

  it('the test connection tells right credentials from wrong ones and keeps the outcome', async () => {
    const good = (
      await callEndpoint(t.app, testForeignKey, { as: admin, params: { kind: 'google_oauth' } })
    ).ok();
    expect(good).toMatchObject({ ok: true, message: 'Google recognises this client' });
    expect(good.key.last_test).toMatchObject({ ok: true });
    await callEndpoint(t.app, saveForeignKey, {
      as: admin,
      params: { kind: 'google_oauth' },
      body: { values: { client_id: 'client-1', client_secret: 'wrong-secret' } },
    });
    const bad = (
      await callEndpoint(t.app, testForeignKey, { as: admin, params: { kind: 'google_oauth' } })
    ).ok();
    expect(bad).toMatchObject({ ok: false, message: 'Google does not recognise this client ID and secret' });
  });

  it('every change writes an operation record naming the fields, never their values; nothing secret is logged', async () => {
    const records = await t.platform.db
      .select()
      .from(operationRecords)
      .where(
        and(eq(operationRecords.targetType, 'foreign_key'), eq(operationRecords.targetId, 'google_oauth')),
      );
    expect(records.map((r) => r.action)).toEqual(
      expect.arrayContaining(['foreign_key.save', 'foreign_key.test']),
    );
    const everything = JSON.stringify(records) + lines.join('');
    expect(everything).toContain('client_secret');
    expect(everything).not.toContain(SECRET);
    expect(everything).not.toContain('wrong-secret');
  });

  it('clearing falls back to the environment; only admins may see or change keys', async () => {
    const cleared = (
      await callEndpoint(t.app, clearForeignKey, { as: admin, params: { kind: 'google_oauth' } })
    ).ok();
    expect(cleared.source).toBe('env');
    const user = await signUpUser(t.app);
    expect((await callEndpoint(t.app, listForeignKeys, { as: user })).status).toBe(403);
    const operator = await signUpUser(t.app);
    await t.platform.db.update(users).set({ role: 'operator' }).where(eq(users.id, operator.userId));
    expect((await callEndpoint(t.app, listForeignKeys, { as: operator })).status).toBe(403);
  });
});
