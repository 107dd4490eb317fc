/** Where the error catalogue's sign-in redirect and dialog links go. */
export type Navigate = (to: string) => void;

/** Until the router registers itself a full page load still gets the user to the right place. */
const fullLoad: Navigate = (to) => window.location.assign(to);
let current: Navigate = fullLoad;

/**
 * main.tsx registers the router's navigate, so the catalogue moves in-app without a reload. Kept
 * apart from the antd feedback so the sign-in pages can register it without loading antd.
 * Returns the unregister function for effect clean-up.
 */
export function registerFeedbackNavigate(next: Navigate): () => void {
  current = next;
  return () => {
    if (current === next) current = fullLoad;
  };
}

export function navigateTo(to: string): void {
  current(to);
}
