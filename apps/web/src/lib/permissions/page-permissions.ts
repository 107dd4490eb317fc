import { matchPageRoute } from '@app/contract/page-routes';
import type { postPermissionList } from '@app/contract/permissions/list-permissions';
import { endpointRef, lightCall } from '../api/light-client';
import {
  type PermissionEntry,
  type PermissionScope,
  readCachedPermission,
  writeCachedPermissions,
} from './permission-cache';

/**
 * The guard asks it on every signed-in page: through the light client, so /chat loads no zod
 * (docs/performance.md); the server's serializer checks the answer against the contract.
 */
const permissionListEndpoint = endpointRef<typeof postPermissionList>('POST', '/api/routes/permission/list');

/** The permission registry's pattern for a path, so `/chat/1` and `/chat/2` share one cache entry. */
export function permissionKey(path: string): string {
  return matchPageRoute(path)?.path ?? path;
}

/**
 * Whether this user may open each page (spec section 6), from the local cache where it holds,
 * with one silent `POST /api/routes/permission/list` for the rest. Keys of the result are the
 * paths as given.
 */
export async function getPagePermissions(
  paths: readonly string[],
  scope: PermissionScope,
): Promise<Map<string, PermissionEntry>> {
  const result = new Map<string, PermissionEntry>();
  const unknown: string[] = [];
  for (const path of paths) {
    const cached = readCachedPermission(scope, permissionKey(path));
    if (cached) result.set(path, cached);
    else if (!unknown.includes(path)) unknown.push(path);
  }
  if (unknown.length === 0) return result;

  const answer = await lightCall(permissionListEndpoint, {
    body: { page_routes: unknown, apis: [], from: scope.source },
    silent: true,
  });
  const fresh: Record<string, PermissionEntry> = {};
  unknown.forEach((path, index) => {
    // The server echoes each route; fall back to the order asked if it normalised the spelling.
    const item = answer.page_routes.find((entry) => entry.route === path) ?? answer.page_routes[index];
    if (!item) return;
    const entry = { access: item.access, code: item.code };
    result.set(path, entry);
    fresh[permissionKey(path)] = entry;
  });
  writeCachedPermissions(scope, fresh);
  return result;
}

export async function getPagePermission(path: string, scope: PermissionScope): Promise<PermissionEntry> {
  const entry = (await getPagePermissions([path], scope)).get(path);
  // A server that leaves a page out has not granted it.
  return entry ?? { access: false, code: 'FORBIDDEN' };
}
