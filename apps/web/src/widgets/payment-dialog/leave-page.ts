/**
 * Leaves the app for a provider's page (the sandbox's hosted page, a mobile provider's H5 page).
 * A full navigation, in this tab: a window opened after the create call would be blocked as a
 * pop-up, and the provider sends the browser back to `/payment/result` afterwards.
 */
export function leavePage(url: string): void {
  window.location.assign(url);
}
