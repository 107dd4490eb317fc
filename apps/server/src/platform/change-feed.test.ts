import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleGrants } from '../db/schema';
import { createTestApp, signUpUser, type TestApp } from '../test/test-app';
import { AccessControl } from './access';
import { ChangeFeed } from './change-feed';
import { Translator } from './translator';
import { bumpVersion } from './versions';

/**
 * Version-tied caches (role grants, translations) hear a change the moment it commits, on every
 * instance: without the feed they would wait for their next version check (seconds).
 */
describe('change feed', () => {
  let t: TestApp;
  let otherFeed: ChangeFeed;

  beforeAll(async () => {
    t = await createTestApp();
    otherFeed = new ChangeFeed(t.platform.database);
    await otherFeed.start();
  });
  afterAll(async () => {
    await otherFeed.close();
    await t.close();
  });

  it('a grant committed on one instance is decided on another at once, not after its version check', async () => {
    // On its own it reads the version again only after 2 s: within that, only the feed can make it current.
    const other = new AccessControl(t.platform.db, otherFeed);
    const user = await signUpUser(t.app);
    const ctxUser = { id: user.userId, role: 'user' } as Parameters<AccessControl['decide']>[1];
    expect(await other.decide('admin.users.read', ctxUser)).toBe('FORBIDDEN');

    await t.platform.db.transaction(async (tx) => {
      await tx.insert(roleGrants).values({ roleCode: 'user', grant: 'admin.users.read' });
      await bumpVersion(tx, 'permission');
    });
    await otherFeed.settle();
    expect(await other.decide('admin.users.read', ctxUser)).toBe('OK');
    await t.platform.db.delete(roleGrants).where(eq(roleGrants.grant, 'admin.users.read'));
  });

  it('a translation version bump reloads another instance at once', async () => {
    const other = new Translator(t.platform.db, otherFeed);
    const before = await other.ensureFresh();
    await bumpVersion(t.platform.db, 'translation');
    await otherFeed.settle();
    expect(await other.ensureFresh()).toBe(before + 1);
  });

  it('settle resolves once this instance has heard everything committed before it', async () => {
    const heard: string[] = [];
    const stop = otherFeed.on((kind, id) => heard.push(`${kind}:${id}`));
    await bumpVersion(t.platform.db, 'tag_help');
    await otherFeed.settle();
    stop();
    expect(heard).toContain('v:tag_help');
  });
});
