import { matchPageRoute } from '@app/contract/page-routes';
import type { BasicInfos } from '@app/contract/user/get-basic-infos';
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from 'react-router';
import { isApiError } from '../api/api-error';
import { clearToken, getToken } from '../cookies';
import { currentLocale } from '../i18n/locales';
import { ensureTranslations } from '../i18n/translations';
import { basicInfosQuery, basicInfosQueryKey } from '../session/basic-infos';
import { loginRedirectPath } from '../session/login-redirect';
import { decideAccess, decideSignedIn, type GuardDecision } from './guard-decision';
import { getPagePermission } from './page-permissions';

export const PERMISSION_SOURCE = 'web';

export interface GuardRouteInput {
  path: string;
  /** `location.search`, with its `?`, kept so the sign-in redirect comes back to the same view. */
  search: string;
  /** Defaults to the page-route registry: anything not `public` needs a signed-in user. */
  loginRequired?: boolean;
  queryClient: QueryClient;
  source?: string;
}

/**
 * The route guard of spec section 6, for a react-router loader. Throws a redirect when the
 * visitor must sign in or may not see the page; otherwise resolves to the basic infos (null on a
 * public route, which asks nothing of the server).
 */
export async function guardRoute(input: GuardRouteInput): Promise<BasicInfos | null> {
  const { path, search, queryClient } = input;
  const target = { path, search };
  const needsLogin = input.loginRequired ?? requiresLogin(path);

  follow(decideSignedIn(needsLogin, getToken() !== null, target));
  if (!needsLogin) return null;

  let infos: BasicInfos;
  try {
    // Cached infos answer at once; a stale copy is refreshed behind the navigation.
    infos = await queryClient.ensureQueryData({ ...basicInfosQuery, revalidateIfStale: true });
  } catch (error) {
    if (isApiError(error) && error.code === 'BEARER_TOKEN_ERROR') {
      signOutLocally(queryClient);
      throw redirect(loginRedirectPath(`${path}${search}`));
    }
    throw error;
  }

  // The guard is where the server's versions are read on every navigation; translations follow.
  ensureTranslations(currentLocale(), infos.latest_translation_version).catch(() => {
    // Translations are cosmetic here; the page opens in English msgids rather than not at all.
  });

  const permission = await getPagePermission(path, {
    source: input.source ?? PERMISSION_SOURCE,
    userId: infos.id,
    version: infos.latest_permission_version,
  });
  const decision = decideAccess(permission.code, target);
  if (decision.kind === 'redirect' && decision.clearToken) signOutLocally(queryClient);
  follow(decision);
  return infos;
}

export function requiresLogin(path: string): boolean {
  const permission = matchPageRoute(path)?.permission;
  return permission !== undefined && permission !== 'public';
}

function follow(decision: GuardDecision): void {
  if (decision.kind === 'redirect') throw redirect(decision.to);
}

function signOutLocally(queryClient: QueryClient): void {
  clearToken();
  queryClient.removeQueries({ queryKey: basicInfosQueryKey });
}
