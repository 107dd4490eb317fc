import { acceptTeamInvite, inviteTeamMember } from '@app/contract/account/teams/team-invites';
import { listTeamMembers } from '@app/contract/account/teams/team-members';
import { createTeam } from '@app/contract/account/teams/teams';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMembers } from '../../db/schema';
import { callEndpoint } from '../../test/call-endpoint';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import { markEmailVerified, tokenOf } from './teams.test-helpers';

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
    const created = (await callEndpoint(t.app, createTeam, { as: owner, body: { name: 'Quiet' } })).ok();
    const teamId = created.team.id;
    await t.platform.db.insert(teamMembers).values({ teamId, userId: member.userId, role: 'member' });

    const res = (
      await callEndpoint(t.app, inviteTeamMember, {
        as: owner,
        params: { id: teamId },
        body: { email: guest.email },
      })
    ).ok();
    // Said in the inviter's words: no mail can go out from this server (the link is theirs to pass on).
    expect(res).toMatchObject({
      sent: false,
      reason: 'This server cannot send e-mail yet: an administrator has to set up mail first.',
    });
    const token = tokenOf(res.link);

    const list = await callEndpoint(t.app, listTeamMembers, { as: member, params: { id: teamId } });
    expect(list.ok().invites).toEqual([expect.objectContaining({ email: guest.email, state: 'valid' })]);
    expect(list.text).not.toContain(token);

    // Accepting needs a verified address, and without SMTP no code can be mailed: this guest is
    // one whose address was verified another way (Google sign-in, or before SMTP went away).
    await markEmailVerified(t, guest);
    const accepted = await callEndpoint(t.app, acceptTeamInvite, { as: guest, body: { token } });
    expect(accepted.ok().team).toMatchObject({ id: teamId, role: 'member', current: true });
  });
});
