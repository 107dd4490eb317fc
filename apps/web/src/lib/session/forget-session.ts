/**
 * What a new sign-in must drop: whatever the app cached for the previous visitor. The cache is
 * TanStack Query's, which the sign-in pages do not load; the provider layer registers how to
 * clear it once it exists (a fresh load of /login has nothing cached, so nothing to clear).
 */
let forget: (() => void) | null = null;

export function registerSessionCache(clear: () => void): void {
  forget = clear;
}

export function forgetPreviousSession(): void {
  forget?.();
}
