/** Where a message's link leads: a page of this app (router), another site (new tab), or nowhere. */
export type MessageLinkTarget = { kind: 'page'; path: string } | { kind: 'site'; url: string } | null;

/**
 * Only http(s) links and paths are followed: a link is written by an admin and must never run
 * script (`javascript:`) in the reader's session. A full URL of this app is opened as a page.
 */
export function messageLinkTarget(
  link: string | null | undefined,
  origin = window.location.origin,
): MessageLinkTarget {
  const text = link?.trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text, origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.origin === origin) return { kind: 'page', path: `${url.pathname}${url.search}${url.hash}` };
  return { kind: 'site', url: url.href };
}
