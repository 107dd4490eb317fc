import { useSyncExternalStore } from 'react';

/**
 * Below antd's `md` breakpoint (768 px): a phone, where account pages open in the mobile shell.
 * Asked as a max-width query so that an environment without layout (jsdom's matchMedia never
 * matches) reads as a desktop, as a browser that cannot tell would lay itself out.
 */
export const PHONE_QUERY = '(max-width: 767.98px)';

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isPhone = () =>
  typeof window !== 'undefined' && Boolean(window.matchMedia) && window.matchMedia(PHONE_QUERY).matches;

/** True on a phone-sized viewport; follows the viewport as it changes (a rotated phone). */
export function usePhone(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}
