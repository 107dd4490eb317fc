/**
 * Where a signed-out visitor is sent, remembering where they were (spec sections 6 and 8).
 * `next` is URI-encoded so a query of its own (`?id=1&tab=2`) survives intact.
 */
export function loginRedirectPath(pathAndQuery: string): string {
  return `/login?next=${encodeURIComponent(pathAndQuery)}`;
}

/** Pages where a sign-in redirect would loop or interrupt the visitor signing in. */
export function isAuthPage(pathname: string): boolean {
  const bare = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return bare === '/login' || bare === '/sign-up';
}
