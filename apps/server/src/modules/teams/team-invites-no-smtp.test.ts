import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMembers } from '../../db/schema';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import { tokenOf } from './teams.test-helpers';

describe('team invites without SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('the invite still exists, the answer says it was not sent, and only the inviter gets the link', async () => {
    const owner = await signUpUser(t.app);
    const member = await signUpUser(t.app);
    const guest = await signUpUser(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/account/teams',
      headers: owner.auth,
      payload: { name: 'Quiet' },
    });
    const teamId = created.json().team.id as string;
    await t.platform.db.insert(teamMembers).values({ teamId, userId: member.userId, role: 'member' });

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/account/teams/${teamId}/invites`,
      headers: owner.auth,
      payload: { email: guest.email },
    });
    expect(res.json()).toMatchObject({ sent: false, reason: 'not sent: no SMTP configured' });
    const link = res.json().link as string;
    const token = tokenOf(link);

    const list = await t.app.inject({
      method: 'GET',
      url: `/api/account/teams/${teamId}/members`,
      headers: member.auth,
    });
    expect(list.json().invites).toEqual([expect.objectContaining({ email: guest.email, state: 'valid' })]);
    expect(list.body).not.toContain(token);

    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/account/team-invites/accept',
      headers: guest.auth,
      payload: { token },
    });
    expect(accepted.json().team).toMatchObject({ id: teamId, role: 'member', current: true });
  });
});
