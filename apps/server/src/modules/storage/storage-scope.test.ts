import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { createProject } from '@app/contract/account/projects/projects';
import { createTeam, switchCurrentTeam } from '@app/contract/account/teams/teams';
import {
  checkStorageOrphans,
  cleanStorageOrphans,
  listAdminStorageFiles,
} from '@app/contract/storage/admin-storage';
import {
  createStorageFileLink,
  listStorageFiles,
  updateStorageFile,
  zUploadResponse,
} from '@app/contract/storage/files';
import { createStorageFolder, listStorageFolders, updateStorageFolder } from '@app/contract/storage/folders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMembers } from '../../db/schema';
import { callEndpoint } from '../../test/call-endpoint';
import { type FilePart, multipartBody } from '../../test/multipart';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';

const csv = (rows: number) => Buffer.from(`date,sessions\n${'2026-11-01,1\n'.repeat(rows)}`);

type Caller = Awaited<ReturnType<typeof signUpUser>>;

/**
 * Folders and files beyond the basics: projects scope folders as they scope other data, folders
 * rename and move, lists sort and page, the admin list filters by uploader, type and size, and
 * the orphan check finds settled objects no row points to.
 */
describe('storage: project folders, moves, paging, admin filters, orphans', () => {
  let t: TestApp;
  let owner: Caller;
  let member: Caller;
  let insider: Caller;
  let teamId: string;
  let projectId: string;

  const upload = async (who: Caller, parts: FilePart[], fields: Record<string, string> = {}) => {
    const body = multipartBody(parts, fields);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/storage/upload',
      payload: body.payload,
      headers: { ...who.auth, ...body.headers },
    });
    return { status: res.statusCode, body: res.json() as Record<string, unknown> };
  };
  const uploaded = async (who: Caller, parts: FilePart[], fields: Record<string, string> = {}) => {
    const res = await upload(who, parts, fields);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return zUploadResponse.parse(res.body).result;
  };
  const folderNames = async (who: Caller, project_id?: string) =>
    (await callEndpoint(t.app, listStorageFolders, { query: { project_id }, as: who }))
      .ok()
      .folders.map((node) => node.folder);
  const fileNames = async (who: Caller, query: { project_id?: string } = {}) =>
    (await callEndpoint(t.app, listStorageFiles, { query, as: who })).ok().items.map((file) => file.name);

  beforeAll(async () => {
    t = await createTestApp();
    [owner, member, insider] = await Promise.all([
      signUpUser(t.app, { name: 'Olga Owner' }),
      signUpUser(t.app, { name: 'Mo Member' }),
      signUpUser(t.app, { name: 'Ines Insider' }),
    ]);
    teamId = (await callEndpoint(t.app, createTeam, { body: { name: 'Acme' }, as: owner })).ok().team.id;
    // Set-up only: joining by invite is covered in the team tests.
    await t.platform.db.insert(teamMembers).values([
      { teamId, userId: member.userId, role: 'member' },
      { teamId, userId: insider.userId, role: 'member' },
    ]);
    for (const user of [owner, member, insider]) {
      (await callEndpoint(t.app, switchCurrentTeam, { body: { team_id: teamId }, as: user })).ok();
    }
    // The insider creates the project, so is its admin; the other member is not in it.
    projectId = (
      await callEndpoint(t.app, createProject, { body: { name: 'Launch', description: '' }, as: insider })
    ).ok().project.id;
  });
  afterAll(() => t.close());

  it("a project's folders and files are seen by its members and the team's owner, by no other member", async () => {
    const secret = (
      await callEndpoint(t.app, createStorageFolder, {
        body: { folder: 'Launch plans', project_id: projectId },
        as: insider,
      })
    ).ok();
    const shared = (
      await callEndpoint(t.app, createStorageFolder, { body: { folder: 'Shared' }, as: member })
    ).ok();
    const [plan] = await uploaded(insider, [{ name: 'plan.csv', content: csv(1) }], { folder_id: secret.id });
    await uploaded(member, [{ name: 'open.csv', content: csv(1) }], { folder_id: shared.id });
    // A path through the project's folder is created inside the project.
    const [deep] = await uploaded(insider, [{ name: 'deep.csv', content: csv(1) }], {
      folder: 'Launch plans/Week 1',
    });
    const planId = plan?.file?.id ?? '';

    expect(await folderNames(insider)).toEqual(['Launch plans', 'Shared']);
    expect(await folderNames(owner)).toEqual(['Launch plans', 'Shared']);
    expect(await folderNames(member)).toEqual(['Shared']);
    expect(await folderNames(insider, projectId)).toEqual(['Launch plans']);
    expect((await fileNames(member)).sort()).toEqual(['open.csv']);
    expect((await fileNames(owner, { project_id: projectId })).sort()).toEqual(['deep.csv', 'plan.csv']);
    expect(deep?.file?.folder_id).not.toBe(secret.id);

    // To the member the project's file and folder do not exist, whatever they try.
    for (const res of [
      await callEndpoint(t.app, createStorageFileLink, { params: { id: planId }, body: {}, as: member }),
      await callEndpoint(t.app, updateStorageFile, {
        params: { id: planId },
        body: { name: 'x' },
        as: member,
      }),
      await callEndpoint(t.app, updateStorageFolder, {
        params: { id: secret.id },
        body: { folder: 'x' },
        as: member,
      }),
    ]) {
      expect(res.status).toBe(404);
    }
    const intoSecret = await upload(member, [{ name: 'sneak.csv', content: csv(1) }], {
      folder_id: secret.id,
    });
    expect(intoSecret.status).toBe(400);
    expect((intoSecret.body as { fields?: Record<string, string> }).fields).toEqual({
      folder_id: 'Folder not found',
    });
    const byPath = await upload(member, [{ name: 'sneak.csv', content: csv(1) }], {
      folder: 'Launch plans/x',
    });
    expect((byPath.body as { fields?: Record<string, string> }).fields).toEqual({
      folder: 'Folder not found',
    });
    const narrowed = await callEndpoint(t.app, listStorageFiles, {
      query: { project_id: projectId },
      as: member,
    });
    expect(narrowed.error().fields).toEqual({ project_id: 'Project not found' });

    // Moving a folder would change who sees its files: only within its project.
    const crossing = await callEndpoint(t.app, updateStorageFolder, {
      params: { id: shared.id },
      body: { parent_id: secret.id },
      as: owner,
    });
    expect(crossing.error().fields).toEqual({
      parent_id: 'A folder moves only among the folders of its project',
    });
  });

  it('a folder renames and moves under another; its files go with it', async () => {
    const a = (await callEndpoint(t.app, createStorageFolder, { body: { folder: 'Alpha' }, as: owner })).ok();
    const b = (await callEndpoint(t.app, createStorageFolder, { body: { folder: 'Beta' }, as: owner })).ok();
    await uploaded(owner, [{ name: 'inside.csv', content: csv(2) }], { folder_id: b.id });
    (
      await callEndpoint(t.app, updateStorageFolder, {
        params: { id: b.id },
        body: { folder: 'Beta 2026', parent_id: a.id },
        as: owner,
      })
    ).ok();
    const tree = (await callEndpoint(t.app, listStorageFolders, { query: {}, as: owner })).ok().folders;
    const alpha = tree.find((node) => node.folder === 'Alpha');
    expect(alpha?.sub_folders).toEqual([
      expect.objectContaining({ id: b.id, folder: 'Beta 2026', files_count: 1, sub_folders: [] }),
    ]);
    expect(tree.map((node) => node.folder)).not.toContain('Beta');
    // Back to the top level.
    (
      await callEndpoint(t.app, updateStorageFolder, {
        params: { id: b.id },
        body: { parent_id: null },
        as: owner,
      })
    ).ok();
    expect(await folderNames(owner)).toContain('Beta 2026');
  });

  it('files sort by size either way and page in the size asked (custom size 1 becomes 2)', async () => {
    const folder = (
      await callEndpoint(t.app, createStorageFolder, { body: { folder: 'Sizes' }, as: owner })
    ).ok();
    await uploaded(
      owner,
      [1, 5, 3, 4, 2].map((rows) => ({ name: `rows-${rows}.csv`, content: csv(rows) })),
      { folder_id: folder.id },
    );
    const page = async (query: Record<string, string | number>) =>
      (
        await callEndpoint(t.app, listStorageFiles, { query: { folder_id: folder.id, ...query }, as: owner })
      ).ok();
    const ascending = await page({ sort: 'size', page_size: 2, page: 1 });
    expect(ascending.items.map((file) => file.name)).toEqual(['rows-1.csv', 'rows-2.csv']);
    expect(ascending).toMatchObject({ total: 5, page: 1, page_size: 2 });
    const third = await page({ sort: 'size', page_size: 2, page: 3 });
    expect(third.items.map((file) => file.name)).toEqual(['rows-5.csv']);
    const descending = await page({ sort: '-size', page_size: 1 });
    expect(descending.page_size).toBe(2);
    expect(descending.items.map((file) => file.name)).toEqual(['rows-5.csv', 'rows-4.csv']);
  });

  it('admin: files filtered by uploader, type and size', async () => {
    const admin = await signInAdmin(t.app);
    const png = Buffer.concat([
      Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
      Buffer.alloc(5000, 7),
    ]);
    await uploaded(member, [{ name: 'banner.png', content: png }]);
    const list = async (filters: object[]) =>
      (
        await callEndpoint(t.app, listAdminStorageFiles, {
          query: { filters: JSON.stringify(filters) },
          as: admin,
        })
      ).ok().items;
    const byUploader = await list([{ field: 'uploader_email', operator: 'eq', value: member.email }]);
    expect(byUploader.map((file) => file.name).sort()).toEqual(['banner.png', 'open.csv']);
    const byType = await list([{ field: 'ext', operator: 'eq', value: 'png' }]);
    expect(byType.map((file) => file.name)).toEqual(['banner.png']);
    const bySize = await list([{ field: 'size', operator: 'gte', value: 5000 }]);
    expect(bySize.map((file) => file.name)).toEqual(['banner.png']);
    expect(bySize.every((file) => file.size >= 5000)).toBe(true);
  });

  it('a preview runs nothing: a PDF may use the browser viewer, anything else is sandboxed', async () => {
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );
    const [doc, sheet] = await uploaded(owner, [
      { name: 'brief.pdf', content: pdf, type: 'application/pdf' },
      { name: 'rows.csv', content: csv(1) },
    ]);
    const policyOf = async (id: string) => {
      const link = (
        await callEndpoint(t.app, createStorageFileLink, {
          params: { id },
          body: { disposition: 'inline' },
          as: owner,
        })
      ).ok();
      const res = await t.app.inject({ url: link.url });
      expect(res.statusCode).toBe(200);
      return String(res.headers['content-security-policy']);
    };
    const pdfPolicy = await policyOf(doc?.file?.id ?? '');
    expect(pdfPolicy).toContain("object-src 'self'");
    expect(pdfPolicy).not.toContain('script-src');
    expect(pdfPolicy).toContain("default-src 'none'");
    expect(await policyOf(sheet?.file?.id ?? '')).toContain('sandbox');
  });

  it('admin: an object no row points to is reported once settled, and the clean-up removes it', async () => {
    const admin = await signInAdmin(t.app);
    const stray = await t.platform.files.put(csv(3), { ext: 'csv', contentType: 'text/csv' });
    // Written an hour ago: past the grace an upload in flight gets between its bytes and its row.
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    await utimes(path.join(t.config.DATA_DIR, 'files', stray.key), hourAgo, hourAgo);
    const report = (await callEndpoint(t.app, checkStorageOrphans, { as: admin })).ok();
    expect(report.objects_without_row).toEqual([{ key: stray.key, size: csv(3).length }]);
    const cleaned = (await callEndpoint(t.app, cleanStorageOrphans, { as: admin })).ok();
    expect(cleaned.objects_removed).toBe(1);
    expect(await t.platform.files.stat(stray.key)).toBeNull();
    expect((await callEndpoint(t.app, checkStorageOrphans, { as: admin })).ok().objects_without_row).toEqual(
      [],
    );
  });
});
