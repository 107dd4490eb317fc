import type { EndpointResponse } from '@app/contract/define-endpoint';
import type { getSocialProviders } from '@app/contract/social/social';
import { useEffect, useState } from 'react';
import { lightCall } from '../../lib/api/light-client';
import { socialProvidersEndpoint } from './social-endpoints';

export type SocialProviders = EndpointResponse<typeof getSocialProviders>;

export type SocialProvidersState =
  | { status: 'pending' }
  | { status: 'error' }
  | { status: 'ready'; data: SocialProviders };

/**
 * Which providers the server holds credentials for, for the sign-in pages (which load no TanStack
 * Query; the account pages use `socialProvidersQuery`). Asked once per mount: each sign-in page
 * has one user of it, and a small GET. Silent: the buttons say "not configured" (or that the check
 * failed) themselves.
 */
export function useSocialProviders(): SocialProvidersState {
  const [state, setState] = useState<SocialProvidersState>({ status: 'pending' });
  useEffect(() => {
    let live = true;
    lightCall(socialProvidersEndpoint, { silent: true }).then(
      (data) => live && setState({ status: 'ready', data }),
      () => live && setState({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
