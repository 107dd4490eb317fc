import { randomBytes } from 'node:crypto';
import {
  deleteBrandLogo,
  getBrandProfile,
  putBrandProfile,
  uploadBrandLogo,
} from '@app/contract/account/brand/brand';
import { createTeam, switchCurrentTeam } from '@app/contract/account/teams/teams';
import { getPublicFile, publicFileUrl } from '@app/contract/files/get-file';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandProfiles, files, teamMembers } from '../../db/schema';
import { callEndpoint, callEndpointRaw } from '../../test/call-endpoint';
import { type FilePart, uploadThrough } from '../../test/multipart';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';

type User = Awaited<ReturnType<typeof signUpUser>>;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);
const GIF = Buffer.concat([Buffer.from('GIF89a', 'latin1'), randomBytes(64)]);

/** One file part, as a browser's FormData sends it. */
function multipart(
  field: string,
  name: string,
  content: Buffer,
  type = 'application/octet-stream',
): FilePart {
  return { field, name, content, type };
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
    teamId = (await callEndpoint(t.app, createTeam, { as: owner, body: { name: 'Acme' } })).ok().team.id;
    await t.platform.db.insert(teamMembers).values([
      { teamId, userId: admin.userId, role: 'admin' },
      { teamId, userId: member.userId, role: 'member' },
    ]);
    for (const user of [owner, admin, member]) {
      (await callEndpoint(t.app, switchCurrentTeam, { as: user, body: { team_id: teamId } })).ok();
    }
  });
  afterAll(() => t.close());

  const getBrand = async (user: User) =>
    (await callEndpoint(t.app, getBrandProfile, { as: user })).ok().brand;
  const putBrand = (user: User, body: typeof validBrand) =>
    callEndpoint(t.app, putBrandProfile, { as: user, body });
  const upload = (user: User, file: FilePart) =>
    uploadThrough(t.app, uploadBrandLogo, { as: user, files: [file] });
  /** The public file an answered URL points at, fetched through its contract (no token). */
  const fetchFile = (url: string) => {
    const id = decodeURIComponent(url.split('/').at(-1) ?? '');
    expect(publicFileUrl(id)).toBe(url);
    return callEndpoint(t.app, getPublicFile, { params: { id } });
  };

  it('is empty until saved; the owner and admins save it, members read it', async () => {
    const fresh = await signUpUser(t.app);
    expect(await getBrand(fresh)).toMatchObject({
      brand_name: '',
      keywords: [],
      logo: null,
      updated_at: null,
      can_edit: true,
    });

    const saved = (await putBrand(owner, validBrand)).ok();
    expect(saved.brand).toMatchObject({
      team_id: teamId,
      brand_name: 'Acme Rockets',
      website: 'https://acme.example.com/about',
      keywords: ['rockets', 'space', 'launch'],
      competitors: ['Globex', 'Initech'],
      can_edit: true,
    });
    expect(saved.brand.updated_at).toBeGreaterThan(0);
    expect((await putBrand(admin, { ...validBrand, website: '' })).ok().brand.website).toBe('');

    expect(await getBrand(member)).toMatchObject({ brand_name: 'Acme Rockets', can_edit: false });
    const refused = await putBrand(member, { ...validBrand, brand_name: 'Hijacked' });
    expect(refused.status).toBe(403);
    expect(refused.error().msg).toBe('Only the owner or an admin may edit the brand');
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
  ])('%o is a VALIDATION_ERROR naming %s and changes nothing', async (body, field) => {
    await putBrand(owner, validBrand);
    const before = await t.platform.db.select().from(brandProfiles).where(eq(brandProfiles.teamId, teamId));
    // Bodies the contract refuses, sent on purpose.
    const res = await callEndpointRaw(t.app, putBrandProfile, { as: owner, body });
    expect(res.status).toBe(400);
    expect(res.error().error_code).toBe('VALIDATION_ERROR');
    expect(Object.keys(res.error().fields ?? {})).toContain(field);
    const after = await t.platform.db.select().from(brandProfiles).where(eq(brandProfiles.teamId, teamId));
    expect(after).toEqual(before);
  });

  it('a logo upload is stored as a public file served with its type; a new one replaces it', async () => {
    const logo = (await upload(owner, multipart('file', 'logo.png', PNG, 'image/png'))).ok().brand.logo;
    if (!logo) throw new Error('no logo stored');
    expect(logo.url).toBe(publicFileUrl(logo.id));
    const [row] = await t.platform.db.select().from(files).where(eq(files.id, logo.id));
    expect(row).toMatchObject({
      kind: 'brand_logo',
      public: true,
      teamId,
      mime: 'image/png',
      size: PNG.length,
    });

    // Served without a token, bytes and type as stored.
    const served = await fetchFile(logo.url);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.raw.equals(PNG)).toBe(true);

    // The type comes from the content: a GIF named .png is a GIF.
    const next = (await upload(admin, multipart('file', 'logo.png', GIF, 'image/png'))).ok().brand.logo;
    if (!next) throw new Error('no logo stored');
    expect(next.id).not.toBe(logo.id);
    expect((await fetchFile(next.url)).headers['content-type']).toBe('image/gif');
    expect((await fetchFile(logo.url)).status).toBe(404);
    expect(await t.platform.db.select().from(files).where(eq(files.id, logo.id))).toEqual([]);

    const removed = await callEndpoint(t.app, deleteBrandLogo, { as: owner });
    expect(removed.ok().brand.logo).toBeNull();
    expect((await fetchFile(next.url)).status).toBe(404);
  });

  it('members cannot upload or remove the logo', async () => {
    const res = await upload(member, multipart('file', 'logo.png', PNG));
    expect(res.status).toBe(403);
    const del = await callEndpoint(t.app, deleteBrandLogo, { as: member });
    expect(del.status).toBe(403);
  });

  it.each([
    ['too large', multipart('file', 'big.png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)])), 413],
    [
      'not an image',
      multipart('file', 'logo.png', Buffer.from('<svg onload="alert(1)"></svg>'), 'image/png'),
      400,
    ],
    ['empty', multipart('file', 'logo.png', Buffer.alloc(0)), 400],
  ])('a logo upload %s is a VALIDATION_ERROR naming file and stores nothing', async (_case, body, status) => {
    const before = await t.platform.db.select().from(files).where(eq(files.teamId, teamId));
    const res = await upload(owner, body);
    expect(res.status).toBe(status);
    expect(Object.keys(res.error().fields ?? {})).toEqual(['file']);
    expect(await t.platform.db.select().from(files).where(eq(files.teamId, teamId))).toEqual(before);
  });

  it('a logo upload that is not multipart is a VALIDATION_ERROR naming file', async () => {
    // JSON where a form is expected, sent on purpose.
    const res = await callEndpointRaw(t.app, uploadBrandLogo, {
      as: owner,
      body: { file: 'data:image/png;base64,AAAA' },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.error().fields ?? {})).toEqual(['file']);
  });

  it('a private file is not served', async () => {
    const [row] = await t.platform.db
      .insert(files)
      .values({ teamId, kind: 'upload', storageKey: 'aa/private', name: 'x', mime: 'image/png', size: 1 })
      .returning({ id: files.id });
    expect((await callEndpoint(t.app, getPublicFile, { params: { id: row?.id ?? '' } })).status).toBe(404);
  });
});
