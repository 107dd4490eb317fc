import type { postGoogleBindCreate, postGoogleSignInCreate } from '@app/contract/social/google';
import type { getSocialProviders } from '@app/contract/social/social';
import type { getWechatOffiConnectCreate, getWechatOpenWebConnectCreate } from '@app/contract/social/wechat';
import { endpointRef } from '../../lib/api/light-client';

/**
 * The social sign-in endpoints the sign-in pages call, through the light client (typed and
 * path-checked by the contract's endpoints, imported as types only: no zod on those pages).
 */
export const socialProvidersEndpoint = endpointRef<typeof getSocialProviders>('GET', '/api/social/providers');
export const googleSignInCreateEndpoint = endpointRef<typeof postGoogleSignInCreate>(
  'POST',
  '/api/google/oauth/sign-in/create',
);
export const googleBindCreateEndpoint = endpointRef<typeof postGoogleBindCreate>(
  'POST',
  '/api/google/oauth/bind/create',
);
export const wechatOffiConnectCreateEndpoint = endpointRef<typeof getWechatOffiConnectCreate>(
  'GET',
  '/api/wechat/offi/oauth/connect/create',
);
export const wechatOpenWebConnectCreateEndpoint = endpointRef<typeof getWechatOpenWebConnectCreate>(
  'GET',
  '/api/wechat/open-web/oauth/connect/create',
);
