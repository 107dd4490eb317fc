import { postSignOut } from '@app/contract/auth/sign-out';
import { getBasicInfos } from '@app/contract/user/get-basic-infos';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboxMessages, sessions, teamMembers, teams, users } from '../db/schema';
import { callEndpoint } from '../test/call-endpoint';
import { createTestApp, signUpUser, type TestApp } from '../test/test-app';
import { ChangeFeed } from './change-feed';
import { SessionResolver } from './session';

/**
 * The session cache: a token resolves in one query, then from memory; the database's own
 * triggers take an entry away the moment its user, session or team changes, on this instance and
 * on another one listening to the same database.
 */
describe('session resolver', () => {
  let t: TestApp;
  let otherFeed: ChangeFeed;
  let other: SessionResolver;

  beforeAll(async () => {
    t = await createTestApp();
    // A second change feed and resolver on the same database stand for a second server instance.
    otherFeed = new ChangeFeed(t.platform.database);
    other = new SessionResolver(t.platform.db, otherFeed, t.platform.secret);
    await otherFeed.start();
  });
  afterAll(async () => {
    await otherFeed.close();
    await t.close();
  });

  const resolvers = () => [t.platform.sessions, other];
  const settled = async () => {
    await t.platform.changes.settle();
    await otherFeed.settle();
  };

  it('resolves a token to its user and personal team; an unknown or badly signed token to nothing', async () => {
    const ada = await signUpUser(t.app, { name: 'Ada' });
    const found = await t.platform.sessions.resolve(ada.token);
    expect(found?.user).toMatchObject({ id: ada.userId, name: 'Ada', email: ada.email, role: 'user' });
    expect(found?.team).toMatchObject({ role: 'owner' });
    expect(await t.platform.sessions.resolve('no-such-token')).toBeNull();
    expect(await t.platform.sessions.resolve(`${ada.token}.bm90LWEtc2lnbmF0dXJl`)).toBeNull();
  });

  it('a cached token costs no database read: it still resolves while its row is gone behind the triggers', async () => {
    const bob = await signUpUser(t.app);
    await t.platform.sessions.resolve(bob.token);
    await t.platform.db.execute(sql`alter table sessions disable trigger sessions_db_change`);
    try {
      await t.platform.db.delete(sessions).where(eq(sessions.token, bob.token));
      expect((await t.platform.sessions.resolve(bob.token))?.user.id).toBe(bob.userId);
    } finally {
      await t.platform.db.execute(sql`alter table sessions enable trigger sessions_db_change`);
    }
    t.platform.sessions.clear();
    expect(await t.platform.sessions.resolve(bob.token)).toBeNull();
  });

  it('signing out, a ban, a role change and a rename are seen at once by every instance', async () => {
    const cy = await signUpUser(t.app, { name: 'Cy' });
    for (const resolver of resolvers()) expect((await resolver.resolve(cy.token))?.user.role).toBe('user');

    await t.platform.db.update(users).set({ role: 'operator', name: 'Cyrus' }).where(eq(users.id, cy.userId));
    await settled();
    for (const resolver of resolvers()) {
      expect((await resolver.resolve(cy.token))?.user).toMatchObject({ role: 'operator', name: 'Cyrus' });
    }

    await t.platform.db.update(users).set({ banned: true }).where(eq(users.id, cy.userId));
    await settled();
    for (const resolver of resolvers()) expect(await resolver.resolve(cy.token)).toBeNull();
    await t.platform.db.update(users).set({ banned: false }).where(eq(users.id, cy.userId));

    for (const resolver of resolvers()) expect(await resolver.resolve(cy.token)).not.toBeNull();
    await t.platform.db.delete(sessions).where(eq(sessions.userId, cy.userId));
    await settled();
    for (const resolver of resolvers()) expect(await resolver.resolve(cy.token)).toBeNull();
  });

  it('a team switch, a rename of the team and losing the membership change the current team', async () => {
    const owner = await signUpUser(t.app, { name: 'Owner' });
    const member = await signUpUser(t.app, { name: 'Member' });
    const [shared] = await t.platform.db
      .insert(teams)
      .values({ id: crypto.randomUUID(), name: 'Shared', ownerId: owner.userId, personal: false })
      .returning();
    if (!shared) throw new Error('team not created');
    await t.platform.db
      .insert(teamMembers)
      .values({ teamId: shared.id, userId: member.userId, role: 'member' });
    const personal = (await other.resolve(member.token))?.team;
    expect(personal?.role).toBe('owner');

    await t.platform.db.update(users).set({ currentTeamId: shared.id }).where(eq(users.id, member.userId));
    await settled();
    expect((await other.resolve(member.token))?.team).toEqual({
      id: shared.id,
      name: 'Shared',
      role: 'member',
    });

    await t.platform.db.update(teams).set({ name: 'Shared, renamed' }).where(eq(teams.id, shared.id));
    await settled();
    expect((await other.resolve(member.token))?.team?.name).toBe('Shared, renamed');

    await t.platform.db.delete(teamMembers).where(eq(teamMembers.teamId, shared.id));
    await settled();
    expect((await other.resolve(member.token))?.team?.id).toBe(personal?.id);
  });

  it("a user's unread messages are kept with the session until the inbox changes, for one user or many", async () => {
    const eve = await signUpUser(t.app);
    const unread = async () => (await callEndpoint(t.app, getBasicInfos, { as: eve })).ok().msgs_unread.total;
    expect(await unread()).toBe(0);
    await t.platform.db
      .insert(inboxMessages)
      .values({ userId: eve.userId, level: 'other', title: 'One', body: 'Hello' });
    await settled();
    expect(await unread()).toBe(1);
    // A statement touching more than 100 users says "everyone" rather than naming each.
    const many = await Promise.all(Array.from({ length: 101 }, () => signUpUser(t.app)));
    await t.platform.db
      .insert(inboxMessages)
      .values([
        { userId: eve.userId, level: 'other', title: 'Two', body: 'Hello' },
        ...many.map((u) => ({ userId: u.userId, level: 'other', title: 'All', body: 'Hello' })),
      ]);
    await settled();
    expect(await unread()).toBe(2);
  });

  it('through the API: after sign-out the very next request is refused', async () => {
    const dee = await signUpUser(t.app);
    expect((await callEndpoint(t.app, getBasicInfos, { as: dee })).status).toBe(200);
    const out = await callEndpoint(t.app, postSignOut, { as: dee });
    expect(out.status).toBe(200);
    expect((await callEndpoint(t.app, getBasicInfos, { as: dee })).status).toBe(401);
  });
});
