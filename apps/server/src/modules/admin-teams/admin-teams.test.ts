import { getAdminTeam, listAdminTeams } from '@app/contract/admin/teams/teams';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../../test/call-endpoint';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';

describe('admin teams', () => {
  let t: TestApp;
  let admin: { auth: Record<string, string> };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t.app);
  });
  afterAll(() => t.close());

  it('lists teams with owner and size, searchable by owner e-mail, and shows members', async () => {
    await signUpUser(t.app, { name: 'Tess', email: 'tess.owner@example.com' });
    const list = (await callEndpoint(t.app, listAdminTeams, { query: { q: 'tess.owner' }, as: admin })).ok();
    expect(list.total).toBe(1);
    const team = list.items[0];
    expect(team).toMatchObject({
      name: "Tess's team",
      personal: true,
      members_count: 1,
      owner: { email: 'tess.owner@example.com' },
    });

    const details = (
      await callEndpoint(t.app, getAdminTeam, { params: { id: team?.id ?? '' }, as: admin })
    ).ok();
    expect(details.members).toEqual([
      expect.objectContaining({ email: 'tess.owner@example.com', role: 'owner' }),
    ]);
    const missing = await callEndpoint(t.app, getAdminTeam, { params: { id: 'nope' }, as: admin });
    expect(missing.status).toBe(404);
    expect(missing.error().error_code).toBe('NOT_FOUND');
  });

  it('filters by a declared field and refuses one the contract does not list', async () => {
    const shared = (
      await callEndpoint(t.app, listAdminTeams, {
        query: { filters: JSON.stringify([{ field: 'personal', operator: 'eq', value: false }]) },
        as: admin,
      })
    ).ok();
    expect(shared.items.every((team) => !team.personal)).toBe(true);
    const refused = await callEndpoint(t.app, listAdminTeams, {
      query: { filters: JSON.stringify([{ field: 'owner_id', operator: 'eq', value: 'x' }]) },
      as: admin,
    });
    expect(refused.status).toBe(400);
    expect(refused.error().error_code).toBe('VALIDATION_ERROR');
  });
});
