/**
 * Spec section 4: bound becomes unbound via confirm, then revoke, then a page reload, so every
 * part of the page (and any cached answer) starts again from the new state. Its own module so
 * tests can watch it (jsdom cannot reload).
 */
export function reloadPage(): void {
  window.location.reload();
}
