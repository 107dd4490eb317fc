/** The WeChat in-app browser names itself in its user agent; there the QR code cannot be scanned. */
export function isWechatBrowser(userAgent: string = navigator.userAgent): boolean {
  return /MicroMessenger/i.test(userAgent);
}

/**
 * Leaves the app for a provider page (consent, QR, official-account authorisation). A full
 * navigation: the provider sends the browser back to a callback route afterwards.
 */
export function leaveForProvider(url: string): void {
  window.location.assign(url);
}

/** The full current route (path and query), what the official-account flow returns to. */
export function currentRoute(): string {
  return `${window.location.pathname}${window.location.search}`;
}
