import type { EndpointResponse } from '@app/contract/define-endpoint';
import type { getWechatOffiConnectCreate } from '@app/contract/social/wechat';
import { isApiError } from '../../lib/api/api-error';
import { feedbackFor } from '../../lib/api/feedback';
import { lightCall } from '../../lib/api/light-client';
import { showFeedbackLazily } from '../../lib/api/show-feedback';
import { translate as t } from '../../lib/i18n/translate';
import { leaveForProvider } from './browser';
import {
  googleBindCreateEndpoint,
  googleSignInCreateEndpoint,
  wechatOffiConnectCreateEndpoint,
} from './social-endpoints';

/*
 * Light (no zod, no antd until a dialog must show): the sign-in pages start these flows too.
 */

/** Off to Google's consent page; `next` travels with the server-side state. */
export async function startGoogleSignIn(next: string | null): Promise<void> {
  const { url } = await lightCall(googleSignInCreateEndpoint, { body: next ? { next } : {} });
  leaveForProvider(url);
}

export async function startGoogleBind(): Promise<void> {
  const { url } = await lightCall(googleBindCreateEndpoint, { body: {} });
  leaveForProvider(url);
}

/**
 * Inside the WeChat browser: the official-account authorisation. `callbackRoute` is where the
 * visitor comes back to. Spec section 8: when the server finds the callback route missing, the
 * visitor sees the generic something-went-wrong dialog rather than a field message they cannot act
 * on; every other refusal goes through the usual error catalogue.
 */
export async function startWechatInApp(
  type: 'base' | 'login' | 'bind',
  callbackRoute: string,
): Promise<void> {
  let answer: EndpointResponse<typeof getWechatOffiConnectCreate>;
  try {
    answer = await lightCall(wechatOffiConnectCreateEndpoint, {
      query: { type, meta: JSON.stringify({ callback_route: callbackRoute }) },
      silent: true,
    });
  } catch (error) {
    if (isApiError(error) && error.body?.fields?.['meta.callback_route']) {
      showFeedbackLazily({
        kind: 'server_error',
        text: error.body.fields['meta.callback_route'],
        reqId: error.reqId,
      });
    } else if (isApiError(error)) {
      showFeedbackLazily(feedbackFor(error.status, error.body, window.location));
    }
    throw error;
  }
  // Spec section 8: in the shared widgets only `msg_type: success` counts as success.
  if (answer.msg_type !== 'success') {
    showFeedbackLazily({ kind: 'server_error', text: t('WeChat sign-in could not start.'), reqId: null });
    throw new Error('the official-account authorisation did not start');
  }
  leaveForProvider(answer.url);
}
