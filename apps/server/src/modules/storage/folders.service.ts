import type { FolderNode } from '@app/contract/storage/folders';
import { userNameProblem } from '@app/contract/storage/user-name';
import { AppError, validationError } from '../../platform/app-error';
import type { Tx } from '../../platform/db';
import type { SignedInContext } from '../../platform/endpoint';
import type { Platform } from '../../platform/platform';
import { deleteFileRows, removeBytes } from '../files/files.service';
import {
  deleteFolderRows,
  type FolderRow,
  fileIdsIn,
  filesPerFolder,
  findSibling,
  findTeamFolder,
  insertFolder,
  lockTeamTree,
  type StorageViewer,
  teamFolders,
  updateFolderRow,
  visibleFolders,
} from './storage.repo';
import { assertSeesProject, storageViewer } from './storage-viewer';

export const FOLDER_NOT_FOUND = 'Folder not found';
const NAME_TAKEN = 'A folder with this name is already there';
const INVALID_PATH = 'Not a valid folder path';

/** Nodes of the tree, children sorted by name; a folder whose parent is not in `rows` is a root. */
export function buildTree(rows: FolderRow[], counts: Map<string, number>): FolderNode[] {
  const nodes = new Map<string, FolderNode>(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        folder: row.name,
        project_id: row.projectId,
        files_count: counts.get(row.id) ?? 0,
        sub_folders: [],
      },
    ]),
  );
  const roots: FolderNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id);
    if (!node) continue;
    const parent = row.parentId ? nodes.get(row.parentId) : undefined;
    (parent ? parent.sub_folders : roots).push(node);
  }
  return roots;
}

/** `id` and every folder under it. */
export function subtreeIds(rows: FolderRow[], id: string): string[] {
  const children = new Map<string, string[]>();
  for (const row of rows) {
    if (!row.parentId) continue;
    children.set(row.parentId, [...(children.get(row.parentId) ?? []), row.id]);
  }
  const out: string[] = [];
  const stack = [id];
  while (stack.length) {
    const next = stack.pop() as string;
    out.push(next);
    stack.push(...(children.get(next) ?? []));
  }
  return out;
}

/** The folders the caller sees, or one project's (`project_id`). */
export async function listFolders(platform: Platform, ctx: SignedInContext, projectId?: string) {
  const viewer = await storageViewer(platform, ctx);
  assertSeesProject(viewer, projectId);
  const [rows, counts] = await Promise.all([
    visibleFolders(platform.db, viewer, projectId),
    filesPerFolder(platform.db, ctx.team.id),
  ]);
  return { folders: buildTree(rows, counts) };
}

/** A folder the viewer sees, given as `field` (parent_id, folder_id): unknown is a refusal on that field. */
export async function mustFindFolder(
  tx: Tx,
  { viewer, folderId, field }: { viewer: StorageViewer; folderId: string; field: string },
) {
  const folder = await findTeamFolder(tx, viewer, folderId);
  if (!folder) throw validationError({ [field]: FOLDER_NOT_FOUND });
  return folder;
}

/** The contract checks the name already; other callers of the service get the same rule. */
function assertFolderName(name: string) {
  const problem = userNameProblem(name);
  if (problem) throw validationError({ folder: problem });
}

export async function createFolder(
  platform: Platform,
  ctx: SignedInContext,
  input: { folder: string; parent_id: string | null; project_id: string | null },
) {
  // A folder may belong to a project of this team the caller can see; anything else is unknown.
  assertFolderName(input.folder);
  const viewer = await storageViewer(platform, ctx);
  assertSeesProject(viewer, input.project_id);
  return platform.db.transaction(async (tx) => {
    await lockTeamTree(tx, ctx.team.id);
    const parent = input.parent_id
      ? await mustFindFolder(tx, { viewer, folderId: input.parent_id, field: 'parent_id' })
      : null;
    if (parent && input.project_id && parent.projectId !== input.project_id)
      throw validationError({ project_id: 'A sub-folder belongs to its parent folder’s project' });
    if (await findSibling(tx, ctx.team.id, input.parent_id, input.folder))
      throw new AppError('CONFLICT', { fields: { folder: NAME_TAKEN } });
    const id = await insertFolder(tx, {
      teamId: ctx.team.id,
      parentId: input.parent_id,
      // A sub-folder belongs to its parent's project.
      projectId: parent ? parent.projectId : input.project_id,
      name: input.folder,
      createdBy: ctx.user.id,
    });
    return { id };
  });
}

/**
 * Finds the folder path `a/b/c` under the root, creating what is missing (uploads' `folder`); a
 * folder on the way that the viewer does not see is refused, never written into.
 */
export async function ensureFolderPath(tx: Tx, ctx: { viewer: StorageViewer; userId: string }, path: string) {
  if (path.trim() === '') return null;
  // Each segment is a folder name under the one rule, so an empty one is refused: a leading `/`
  // (`/etc`) reads as the server's disk, and the path is always under the team's storage root,
  // so it is refused rather than quietly taken as `etc` (docs/decisions.md).
  const names = path.split('/').map((name) => name.trim());
  for (const name of names) {
    const problem = name === '' ? INVALID_PATH : userNameProblem(name);
    if (problem) throw validationError({ folder: problem });
  }
  const teamId = ctx.viewer.teamId;
  await lockTeamTree(tx, teamId);
  let parentId: string | null = null;
  let projectId: string | null = null;
  for (const name of names) {
    const found: FolderRow | null = await findSibling(tx, teamId, parentId, name);
    if (found && !(await findTeamFolder(tx, ctx.viewer, found.id)))
      throw validationError({ folder: FOLDER_NOT_FOUND });
    projectId = found ? found.projectId : projectId;
    parentId = found
      ? found.id
      : await insertFolder(tx, { teamId, parentId, projectId, name, createdBy: ctx.userId });
  }
  return parentId;
}

export async function updateFolder(
  platform: Platform,
  ctx: SignedInContext,
  id: string,
  input: { folder?: string; parent_id?: string | null },
) {
  if (input.folder !== undefined) assertFolderName(input.folder);
  const viewer = await storageViewer(platform, ctx);
  return platform.db.transaction(async (tx) => {
    await lockTeamTree(tx, ctx.team.id);
    const folder = await findTeamFolder(tx, viewer, id);
    if (!folder) throw new AppError('NOT_FOUND', { msg: FOLDER_NOT_FOUND });
    const parentId = input.parent_id === undefined ? folder.parentId : input.parent_id;
    if (parentId) {
      const parent = await mustFindFolder(tx, { viewer, folderId: parentId, field: 'parent_id' });
      if (subtreeIds(await teamFolders(tx, ctx.team.id), id).includes(parentId))
        throw validationError({ parent_id: 'A folder cannot move into itself' });
      // Who sees a folder follows its project: moving it elsewhere would show or hide its files.
      if (parent.projectId !== folder.projectId)
        throw validationError({ parent_id: 'A folder moves only among the folders of its project' });
    }
    const name = input.folder ?? folder.name;
    const sibling = await findSibling(tx, ctx.team.id, parentId, name);
    if (sibling && sibling.id !== id) throw new AppError('CONFLICT', { fields: { folder: NAME_TAKEN } });
    await updateFolderRow(tx, id, { name, parentId });
    return { id };
  });
}

/**
 * Deletes the folder, its sub-folders and their files. With files in it, `confirmFiles` must say
 * how many (what the user was asked about); otherwise CONFLICT answers the number to ask with.
 */
export async function deleteFolder(
  platform: Platform,
  ctx: SignedInContext,
  id: string,
  confirmFiles?: number,
) {
  const viewer = await storageViewer(platform, ctx);
  const keys = await platform.db.transaction(async (tx) => {
    await lockTeamTree(tx, ctx.team.id);
    const folder = await findTeamFolder(tx, viewer, id);
    if (!folder) throw new AppError('NOT_FOUND', { msg: FOLDER_NOT_FOUND });
    const folderIds = subtreeIds(await teamFolders(tx, ctx.team.id), id);
    const fileIds = await fileIdsIn(tx, folderIds);
    if (fileIds.length > 0 && confirmFiles !== fileIds.length) {
      throw new AppError('CONFLICT', {
        msg: `The folder holds ${fileIds.length} files; they are deleted with it`,
        files_count: fileIds.length,
      });
    }
    const removed = await deleteFileRows(tx, fileIds);
    await deleteFolderRows(tx, folderIds);
    return removed;
  });
  await removeBytes(platform, keys);
  return { deleted_files: keys.length };
}
