import { matchPageRoute } from '@app/contract/page-routes';
import type { AccessCode } from '@app/contract/permissions/list-permissions';
import type { Platform } from '../../platform/platform';
import type { RequestContext } from '../../platform/request-context';

/** `get /api/x` and `GET  /api/x` name the same API. */
function normalizeApiId(api: string): string {
  const [method = '', ...rest] = api.trim().split(/\s+/);
  return `${method.toUpperCase()} ${rest.join(' ')}`;
}

/**
 * Answers, for the caller, whether each page route may be opened and each API called. Unknown
 * pages and APIs are refused rather than guessed at.
 */
export async function listPermissions(
  platform: Platform,
  ctx: RequestContext,
  input: { page_routes: string[]; apis: string[] },
) {
  const decide = async (
    permission: Parameters<Platform['access']['decide']>[0] | undefined,
  ): Promise<AccessCode> => (permission ? platform.access.decide(permission, ctx.user) : 'FORBIDDEN');

  const pageRoutes = await Promise.all(
    input.page_routes.map(async (route) => {
      const code = await decide(matchPageRoute(route)?.permission);
      return { route, access: code === 'OK', code };
    }),
  );
  const apis = await Promise.all(
    input.apis.map(async (api) => {
      const code = await decide(platform.registry.get(normalizeApiId(api))?.permission);
      return { api, access: code === 'OK', code };
    }),
  );
  return { page_routes: pageRoutes, apis, version: await platform.access.currentVersion() };
}
