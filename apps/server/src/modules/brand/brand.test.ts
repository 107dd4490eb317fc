import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandProfiles, files, teamMembers } from '../../db/schema';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';

type User = Awaited<ReturnType<typeof signUpUser>>;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);
const GIF = Buffer.concat([Buffer.from('GIF89a', 'latin1'), randomBytes(64)]);

/** A multipart body with one file part, as a browser's FormData sends it. */
function multipart(field: string, filename: string, bytes: Buffer, type = 'application/octet-stream') {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const validBrand = {
  brand_name: '  Acme Rockets ',
  website: 'https://acme.example.com/about',
  description: 'Rockets for everyone.',
  tone_of_voice: 'Bold, friendly',
  keywords: [' rockets ', 'space', 'Rockets', 'launch'],
  competitors: ['Globex', 'Initech'],
};

describe('brand center', () => {
  let t: TestApp;
  let owner: User;
  let admin: User;
  let member: User;
  let teamId: string;

  beforeAll(async () => {
    t = await createTestApp();
    [owner, admin, member] = await Promise.all([signUpUser(t.app), signUpUser(t.app), signUpUser(t.app)]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/account/teams',
      headers: owner.auth,
      payload: { name: 'Acme' },
    });
    teamId = created.json().team.id;
    await t.platform.db.insert(teamMembers).values([
      { teamId, userId: admin.userId, role: 'admin' },
      { teamId, userId: member.userId, role: 'member' },
    ]);
    for (const user of [owner, admin, member]) {
      await t.app.inject({
        method: 'PUT',
        url: '/api/account/teams/current',
        headers: user.auth,
        payload: { team_id: teamId },
      });
    }
  });
  afterAll(() => t.close());

  const getBrand = async (user: User) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/account/brand', headers: user.auth });
    expect(res.statusCode).toBe(200);
    return res.json().brand;
  };
  const putBrand = (user: User, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/account/brand', headers: user.auth, payload });
  const upload = (user: User, body: ReturnType<typeof multipart>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/brand/logo',
      headers: { ...user.auth, ...body.headers },
      payload: body.payload,
    });

  it('is empty until saved; the owner and admins save it, members read it', async () => {
    const fresh = await signUpUser(t.app);
    expect(await getBrand(fresh)).toMatchObject({
      brand_name: '',
      keywords: [],
      logo: null,
      updated_at: null,
      can_edit: true,
    });

    const saved = await putBrand(owner, validBrand);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().brand).toMatchObject({
      team_id: teamId,
      brand_name: 'Acme Rockets',
      website: 'https://acme.example.com/about',
      keywords: ['rockets', 'space', 'launch'],
      competitors: ['Globex', 'Initech'],
      can_edit: true,
    });
    expect(saved.json().brand.updated_at).toBeGreaterThan(0);
    expect((await putBrand(admin, { ...validBrand, website: '' })).json().brand.website).toBe('');

    expect(await getBrand(member)).toMatchObject({ brand_name: 'Acme Rockets', can_edit: false });
    const refused = await putBrand(member, { brand_name: 'Hijacked' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('Only the owner or an admin may edit the brand');
    expect((await getBrand(owner)).brand_name).toBe('Acme Rockets');
    // Another team's profile is its own.
    expect((await getBrand(fresh)).brand_name).toBe('');
  });

  it.each([
    [{ ...validBrand, brand_name: '' }, 'brand_name'],
    [{ ...validBrand, brand_name: 'x'.repeat(101) }, 'brand_name'],
    [{ ...validBrand, website: 'not a url' }, 'website'],
    [{ ...validBrand, website: 'javascript:alert(1)' }, 'website'],
    [{ ...validBrand, website: 'ftp://acme.example.com' }, 'website'],
    [{ ...validBrand, website: `https://acme.example.com/${'x'.repeat(300)}` }, 'website'],
    [{ ...validBrand, description: 'x'.repeat(2001) }, 'description'],
    [{ ...validBrand, tone_of_voice: 'x'.repeat(501) }, 'tone_of_voice'],
    [{ ...validBrand, keywords: 'rockets' }, 'keywords'],
    [{ ...validBrand, keywords: Array.from({ length: 31 }, (_, i) => `k${i}`) }, 'keywords'],
    [{ ...validBrand, keywords: ['ok', '   '] }, 'keywords.1'],
    [{ ...validBrand, keywords: ['x'.repeat(51)] }, 'keywords.0'],
    [{ ...validBrand, competitors: Array.from({ length: 21 }, (_, i) => `c${i}`) }, 'competitors'],
    [{ ...validBrand, competitors: ['x'.repeat(101)] }, 'competitors.0'],
  ])('%o is a VALIDATION_ERROR naming %s and changes nothing', async (payload, field) => {
    await putBrand(owner, validBrand);
    const before = await t.platform.db.select().from(brandProfiles).where(eq(brandProfiles.teamId, teamId));
    const res = await putBrand(owner, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error_code).toBe('VALIDATION_ERROR');
    expect(Object.keys(res.json().fields)).toContain(field);
    const after = await t.platform.db.select().from(brandProfiles).where(eq(brandProfiles.teamId, teamId));
    expect(after).toEqual(before);
  });

  it('a logo upload is stored as a public file served with its type; a new one replaces it', async () => {
    const first = await upload(owner, multipart('file', 'logo.png', PNG, 'image/png'));
    expect(first.statusCode).toBe(200);
    const logo = first.json().brand.logo as { id: string; url: string };
    expect(logo.url).toBe(`/api/files/${logo.id}`);
    const [row] = await t.platform.db.select().from(files).where(eq(files.id, logo.id));
    expect(row).toMatchObject({
      kind: 'brand_logo',
      public: true,
      teamId,
      mime: 'image/png',
      size: PNG.length,
    });

    // Served without a token, bytes and type as stored.
    const served = await t.app.inject({ method: 'GET', url: logo.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    // The type comes from the content: a GIF named .png is a GIF.
    const second = await upload(admin, multipart('file', 'logo.png', GIF, 'image/png'));
    const next = second.json().brand.logo as { id: string; url: string };
    expect(next.id).not.toBe(logo.id);
    expect((await t.app.inject({ method: 'GET', url: next.url })).headers['content-type']).toBe('image/gif');
    expect((await t.app.inject({ method: 'GET', url: logo.url })).statusCode).toBe(404);
    expect(await t.platform.db.select().from(files).where(eq(files.id, logo.id))).toEqual([]);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/brand/logo',
      headers: owner.auth,
    });
    expect(removed.json().brand.logo).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: next.url })).statusCode).toBe(404);
  });

  it('members cannot upload or remove the logo', async () => {
    const res = await upload(member, multipart('file', 'logo.png', PNG));
    expect(res.statusCode).toBe(403);
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/brand/logo',
      headers: member.auth,
    });
    expect(del.statusCode).toBe(403);
  });

  it.each([
    ['too large', multipart('file', 'big.png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]))],
    [
      'not an image',
      multipart('file', 'logo.png', Buffer.from('<svg onload="alert(1)"></svg>'), 'image/png'),
    ],
    ['empty', multipart('file', 'logo.png', Buffer.alloc(0))],
  ])('a logo upload %s is a VALIDATION_ERROR naming file and stores nothing', async (_case, body) => {
    const before = await t.platform.db.select().from(files).where(eq(files.teamId, teamId));
    const res = await upload(owner, body);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['file']);
    expect(await t.platform.db.select().from(files).where(eq(files.teamId, teamId))).toEqual(before);
  });

  it('a logo upload that is not multipart is a VALIDATION_ERROR naming file', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/brand/logo',
      headers: owner.auth,
      payload: { file: 'data:image/png;base64,AAAA' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['file']);
  });

  it('a private file is not served', async () => {
    const [row] = await t.platform.db
      .insert(files)
      .values({ teamId, kind: 'upload', storageKey: 'aa/private', name: 'x', mime: 'image/png', size: 1 })
      .returning({ id: files.id });
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${row?.id}` })).statusCode).toBe(404);
  });
});
