import { postGoogleCodeCallback } from '@app/contract/social/google';
import type { SocialCallbackResult } from '@app/contract/social/social';
import { postWechatCodeCallback } from '@app/contract/social/wechat';
import { useEffect, useState } from 'react';
import { callApi } from '../../lib/api/client';

/**
 * Spec section 9, "WeChat base-auth wait: up to 5 ticks of 1 s". Read here as: when the WeChat
 * browser lands on /wechat-bind-callback without `code` and `state` in the address yet (its
 * in-app browser may still be rewriting the URL after WeChat's redirect, notably after the silent
 * `snsapi_base` authorisation), the page looks again once a second, five times, before it decides
 * the provider's answer is missing. Nothing is posted while waiting, so a code is never spent twice.
 */
export const BASE_AUTH_WAIT_TICKS = 5;
export const BASE_AUTH_TICK_MS = 1000;

export type ProviderReturn =
  | { kind: 'waiting' }
  | { kind: 'ready'; code: string; state: string }
  /** The provider sent the visitor back with an error (`access_denied` when they refused). */
  | { kind: 'refused'; error: string }
  | { kind: 'missing' };

function read(search: string): ProviderReturn | null {
  const query = new URLSearchParams(search);
  const code = query.get('code');
  const state = query.get('state');
  const error = query.get('error');
  if (code && state) return { kind: 'ready', code, state };
  if (error) return { kind: 'refused', error };
  return null;
}

/**
 * The provider's answer in the callback URL: the router's query first, then the window's (which
 * the WeChat browser may update behind the router's back), waiting `waitTicks` seconds for it.
 * Read once: a later navigation (removing the code from the address) does not change it.
 */
export function useProviderReturn(routerSearch: string, waitTicks: number): ProviderReturn {
  const [found, setFound] = useState<ProviderReturn>(
    () =>
      read(routerSearch) ??
      read(window.location.search) ??
      (waitTicks > 0 ? { kind: 'waiting' } : { kind: 'missing' }),
  );
  const waiting = found.kind === 'waiting';

  useEffect(() => {
    if (!waiting) return;
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
      const now = read(window.location.search);
      if (now || ticks >= waitTicks) {
        clearInterval(timer);
        setFound(now ?? { kind: 'missing' });
      }
    }, BASE_AUTH_TICK_MS);
    return () => clearInterval(timer);
  }, [waiting, waitTicks]);

  return found;
}

const inFlight = new Map<string, Promise<SocialCallbackResult>>();

/**
 * Posts the code and state once per state, whatever re-renders or remounts happen (React's strict
 * mode mounts twice): the server spends a state on its first use and would refuse the second.
 * Silent: the callback page shows every outcome itself.
 */
export function finishProviderReturn(
  provider: 'google' | 'wechat',
  code: string,
  state: string,
): Promise<SocialCallbackResult> {
  const key = `${provider}:${state}`;
  let pending = inFlight.get(key);
  if (!pending) {
    const endpoint = provider === 'google' ? postGoogleCodeCallback : postWechatCodeCallback;
    pending = callApi(endpoint, { body: { code, state }, silent: true });
    inFlight.set(key, pending);
  }
  return pending;
}
