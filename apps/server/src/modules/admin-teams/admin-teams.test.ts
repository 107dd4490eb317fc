import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/teams?q=tess.owner',
      headers: admin.auth,
    });
    expect(list.json().total).toBe(1);
    const team = list.json().items[0];
    expect(team).toMatchObject({
      name: "Tess's team",
      personal: true,
      members_count: 1,
      owner: { email: 'tess.owner@example.com' },
    });

    const details = await t.app.inject({
      method: 'GET',
      url: `/api/admin/teams/${team.id}`,
      headers: admin.auth,
    });
    expect(details.json().members).toEqual([
      expect.objectContaining({ email: 'tess.owner@example.com', role: 'owner' }),
    ]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/teams/nope', headers: admin.auth })).statusCode,
    ).toBe(404);
  });
});
