import { Writable } from 'node:stream';
import { previewProjectInvite } from '@app/contract/account/projects/project-members';
import { previewTeamInvite } from '@app/contract/account/teams/team-invites';
import { postGoogleCodeCallback } from '@app/contract/social/google';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverErrors, users } from '../db/schema';
import { createTestApp, signUpUser, type TestApp } from '../test/test-app';

/**
 * What the server keeps about a request (log lines at every level, server-error records) never
 * carries what the request carried: tokens and codes in URLs, SQL parameters, quoted input. And a
 * server error is recorded whatever the request held.
 */
describe('logs and server-error records', () => {
  let t: TestApp;
  const lines: string[] = [];
  const SECRET = 'S3cr3tTokenValue0123456789';

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    t = await createTestApp(
      {},
      {
        logger: { level: 'trace', stream },
        beforeReady: (app, platform) => {
          // A database failure whose parameters are the caller's input.
          app.get('/api/test/query-failure', async () => {
            await platform.db
              .select()
              .from(users)
              .where(eq(users.createdAt, sql`${SECRET}::timestamptz`));
            return {};
          });
          // An error whose own text PostgreSQL could not store.
          app.post('/api/test/unstorable', async () => {
            throw new Error(`broken \u0000 text \uD83D ${SECRET}`);
          });
        },
      },
    );
  });
  afterAll(() => t.close());

  const logs = () => lines.join('');

  it('tokens, codes and signatures in URLs are redacted in every log line', async () => {
    const user = await signUpUser(t.app);
    // Raw requests on purpose: secrets in the query of routes that take none (what a leaked link
    // or a careless client sends), and an unknown path. The paths come from the contracts.
    for (const url of [
      `${previewTeamInvite.path}?token=${SECRET}`,
      `${previewProjectInvite.path}?token=${SECRET}`,
      `${postGoogleCodeCallback.path}?code=${SECRET}&state=${SECRET}`,
      `/api/nowhere?page=2&signature=${SECRET}`,
    ]) {
      await t.app.inject({ url, headers: user.auth });
    }
    expect(logs()).toContain('[redacted]');
    expect(logs()).toContain('page=2');
    expect(logs()).not.toContain(SECRET);
    expect(logs()).not.toContain(user.token);
  });

  it('a failed query is logged and recorded without its parameters or the quoted input', async () => {
    // The routes below are this test's own (registered in beforeReady), not contract endpoints.
    const res = await t.app.inject({ url: '/api/test/query-failure' });
    expect(res.statusCode).toBe(500);
    const reqId = res.json().req_id;
    const [record] = await t.platform.db.select().from(serverErrors).where(eq(serverErrors.reqId, reqId));
    expect(record?.message).toContain('Failed query');
    expect(`${record?.message} ${record?.stack}`).not.toContain(SECRET);
    expect(logs()).not.toContain(SECRET);
  });

  it('a server error is recorded whatever it carried (U+0000, a lone surrogate)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/test/unstorable?token=${SECRET}`,
      payload: {},
    });
    expect(res.statusCode).toBe(500);
    const [record] = await t.platform.db
      .select()
      .from(serverErrors)
      .where(eq(serverErrors.reqId, res.json().req_id));
    expect(record?.message).toContain('broken');
    expect(record?.message).not.toContain('\u0000');
    expect(record?.url).toBe('/api/test/unstorable?token=[redacted]');
    expect(logs()).not.toContain('could not record');
  });
});
