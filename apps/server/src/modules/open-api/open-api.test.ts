import { listOpenApiRequests, openApiRequestStats } from '@app/contract/admin/open-api/open-api-requests';
import {
  issueRestToken,
  listRestTokenScopes,
  listRestTokens,
  revokeRestToken,
} from '@app/contract/admin/open-api/rest-tokens';
import { listAdminUsers } from '@app/contract/admin/users/list-users';
import { getMyCredits } from '@app/contract/billing/credits';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiRequests, operationRecords, restTokens, teamMembers, users } from '../../db/schema';
import { type Caller, callEndpoint } from '../../test/call-endpoint';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';

/**
 * Issue 28 item 5: a REST token reaches the Open API's endpoints its scopes name, as its creator
 * and in its team; anything else is FORBIDDEN, a dead token is BEARER_TOKEN_ERROR, and every
 * call, let in or refused, is in the request log.
 */
describe('the Open API with REST tokens', () => {
  let t: TestApp;
  let admin: Caller;
  let customer: Awaited<ReturnType<typeof signUpUser>>;
  let teamId: string;
  let otherTeamId: string;

  const teamOf = async (userId: string) => {
    const [row] = await t.platform.db
      .select({ teamId: teamMembers.teamId })
      .from(teamMembers)
      .where(eq(teamMembers.userId, userId));
    if (!row) throw new Error('no team');
    return row.teamId;
  };

  const issue = async (
    scopes: string[],
    extra: { as?: Caller; rate?: number; team?: string; days?: number | null } = {},
  ) => {
    const res = await callEndpoint(t.app, issueRestToken, {
      as: extra.as ?? admin,
      body: {
        name: `token ${scopes.join(' ')}`,
        team_id: extra.team ?? teamId,
        scopes: scopes as never,
        expires_in_days: extra.days === undefined ? 30 : extra.days,
        rate_limit_per_minute: extra.rate ?? 60,
      },
    });
    return res;
  };

  const withToken = (token: string, clientKey = 'open-api') => ({
    authorization: `Bearer ${token}`,
    'x-client-key': clientKey,
  });

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: withToken(token) });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t.app);
    customer = await signUpUser(t.app);
    teamId = await teamOf(customer.userId);
    otherTeamId = await teamOf((await signUpUser(t.app)).userId);
  });
  afterAll(() => t.close());

  it('issues a token shown once: kept hashed, listed by prefix, recorded', async () => {
    const body = (await issue(['team.credits.read'])).ok();
    expect(body.token).toMatch(/^rt_[A-Za-z0-9_-]{40}$/);
    expect(body.item).toMatchObject({
      status: 'active',
      scopes: ['team.credits.read'],
      team: { id: teamId },
    });
    expect(body.item.token_prefix).toBe(`${body.token.slice(0, 9)}…`);
    const [stored] = await t.platform.db.select().from(restTokens).where(eq(restTokens.id, body.item.id));
    expect(stored?.tokenHash).not.toContain(body.token);
    const listed = (await callEndpoint(t.app, listRestTokens, { as: admin })).ok();
    expect(JSON.stringify(listed)).not.toContain(body.token);
    expect(listed.items.map((item) => item.id)).toContain(body.item.id);
    const records = await t.platform.db
      .select()
      .from(operationRecords)
      .where(eq(operationRecords.targetId, body.item.id));
    expect(records.map((record) => record.action)).toEqual(['rest_token.issue']);
    expect(JSON.stringify(records)).not.toContain(body.token);
  });

  it('a token reads its own team through an endpoint its scope opens', async () => {
    const { token } = (await issue(['team.credits.read'])).ok();
    const res = await get('/api/account/credits', token);
    expect(res.statusCode).toBe(200);
    const own = (await callEndpoint(t.app, getMyCredits, { as: customer })).ok();
    expect(res.json()).toEqual(own);
  });

  it('outside its scopes, outside the Open API or outside its team: FORBIDDEN, and logged', async () => {
    const { token, item } = (await issue(['team.credits.read'])).ok();
    const outOfScope = await get('/api/account/storage/files', token);
    expect(outOfScope.statusCode).toBe(403);
    expect(outOfScope.json()).toMatchObject({ error_code: 'FORBIDDEN' });
    const notOpen = await get('/api/account/profile', token);
    expect(notOpen.statusCode).toBe(403);
    const otherTeam = await get(`/api/account/credits?team_id=${otherTeamId}`, token);
    expect(otherTeam.statusCode).toBe(403);
    expect(otherTeam.json()).toMatchObject({ error_code: 'FORBIDDEN' });

    const logged = (
      await callEndpoint(t.app, listOpenApiRequests, {
        as: admin,
        query: { filters: JSON.stringify([{ field: 'token_id', operator: 'eq', value: item.id }]) },
      })
    ).ok();
    expect(logged.total).toBe(3);
    expect(logged.items.every((call) => call.status === 403 && call.error_code === 'FORBIDDEN')).toBe(true);
    expect(logged.items.map((call) => call.token?.name)).toEqual(Array(3).fill(item.name));
    expect(logged.items.map((call) => call.route).sort()).toEqual(
      ['GET /api/account/credits', 'GET /api/account/profile', 'GET /api/account/storage/files'].sort(),
    );
  });

  it('a revoked, expired or unknown token is BEARER_TOKEN_ERROR', async () => {
    const { token, item } = (await issue(['team.credits.read'])).ok();
    expect((await get('/api/account/credits', token)).statusCode).toBe(200);
    (await callEndpoint(t.app, revokeRestToken, { as: admin, params: { id: item.id } })).ok();
    const revoked = await get('/api/account/credits', token);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toMatchObject({ error_code: 'BEARER_TOKEN_ERROR' });
    const again = await callEndpoint(t.app, revokeRestToken, { as: admin, params: { id: item.id } });
    expect(again.status).toBe(409);

    const expiring = (await issue(['team.credits.read'])).ok();
    await t.platform.db
      .update(restTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(restTokens.id, expiring.item.id));
    expect((await get('/api/account/credits', expiring.token)).statusCode).toBe(401);
    expect((await get('/api/account/credits', `rt_${'x'.repeat(40)}`)).statusCode).toBe(401);
    // The client key alone, without a token, is an Open API call without a token.
    const bare = await t.app.inject({
      method: 'GET',
      url: '/api/account/credits',
      headers: { 'x-client-key': 'open-api' },
    });
    expect(bare.statusCode).toBe(401);
  });

  it('an admin scope needs its creator to hold it, now as when it was issued', async () => {
    const staff = await signUpUser(t.app);
    await t.platform.db.update(users).set({ role: 'admin' }).where(eq(users.id, staff.userId));
    const refused = await issue(['admin.roles.read'], { as: staff });
    expect(refused.status).toBe(400);
    expect(refused.error()).toMatchObject({
      error_code: 'VALIDATION_ERROR',
      fields: { scopes: expect.any(String) },
    });

    const { token } = (await issue(['admin.users.read'], { as: staff })).ok();
    const res = await get('/api/admin/users', token);
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe((await callEndpoint(t.app, listAdminUsers, { as: admin })).ok().total);
    await t.platform.db.update(users).set({ role: 'user' }).where(eq(users.id, staff.userId));
    expect((await get('/api/admin/users', token)).statusCode).toBe(403);
  });

  it('bad input names the field and issues nothing', async () => {
    const before = await t.platform.db.select({ n: sql<number>`count(*)::int` }).from(restTokens);
    expect((await issue([])).error().fields).toMatchObject({ scopes: 'Choose at least one scope' });
    expect((await issue(['admin.nothing.read'])).error().fields).toHaveProperty(['scopes.0']);
    expect((await issue(['admin.roles.edit'])).error().fields).toMatchObject({
      scopes: 'No Open API endpoint needs admin.roles.edit',
    });
    expect((await issue(['team.credits.read'], { team: 'no-such-team' })).error().fields).toMatchObject({
      team_id: 'No such team',
    });
    expect((await issue(['team.credits.read'], { days: 0 })).status).toBe(400);
    const after = await t.platform.db.select({ n: sql<number>`count(*)::int` }).from(restTokens);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('a token has its own rate limit: past it, RATE_LIMITED with _retry_', async () => {
    const { token } = (await issue(['team.credits.read'], { rate: 2 })).ok();
    const other = (await issue(['team.credits.read'], { rate: 2 })).ok().token;
    expect((await get('/api/account/credits', token)).statusCode).toBe(200);
    expect((await get('/api/account/credits', token)).statusCode).toBe(200);
    const third = await get('/api/account/credits', token);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({
      error_code: 'RATE_LIMITED',
      _retry_: { waiting_time: expect.any(Number) },
    });
    // Another token's budget is its own.
    expect((await get('/api/account/credits', other)).statusCode).toBe(200);
  });

  it('the scopes an admin may give are those that open an endpoint, with the endpoints', async () => {
    const { items } = (await callEndpoint(t.app, listRestTokenScopes, { as: admin })).ok();
    const credits = items.find((item) => item.scope === 'team.credits.read');
    expect(credits?.endpoints.map((endpoint) => endpoint.id)).toContain('GET /api/account/credits');
    expect(items.every((item) => item.endpoints.length > 0 && item.held)).toBe(true);
    expect(items.map((item) => item.scope)).not.toContain('admin.roles.edit');
  });

  it('the chart counts every logged call and error in its buckets, as the log holds them', async () => {
    await t.platform.openApi.flush();
    const now = Math.floor(Date.now() / 1000);
    const stats = (
      await callEndpoint(t.app, openApiRequestStats, { as: admin, query: { from: now - 3600, to: now + 60 } })
    ).ok();
    // Independently: the log's rows counted in SQL, without buckets.
    const [expected] = await t.platform.db
      .select({
        calls: sql<number>`count(*)::int`,
        errors: sql<number>`(count(*) filter (where ${openApiRequests.status} >= 400))::int`,
      })
      .from(openApiRequests);
    if (!expected) throw new Error('no count');
    expect(stats.calls).toBe(expected.calls);
    expect(stats.errors).toBe(expected.errors);
    expect(stats.buckets.reduce((sum, bucket) => sum + bucket.calls, 0)).toBe(expected.calls);
    expect(stats.buckets.reduce((sum, bucket) => sum + bucket.errors, 0)).toBe(expected.errors);
    expect(stats.bucket_seconds).toBe(60);
    expect(stats.p95_latency_ms).not.toBeNull();
  });
});
