import type { EndpointResponse } from '@app/contract/define-endpoint';
import { postGoogleBindCreate, postGoogleSignInCreate } from '@app/contract/social/google';
import { getWechatOffiConnectCreate } from '@app/contract/social/wechat';
import { isApiError } from '../../lib/api/api-error';
import { callApi } from '../../lib/api/client';
import { feedbackFor } from '../../lib/api/feedback';
import { applyFeedback } from '../../lib/api/feedback-effects';
import { translate as t } from '../../lib/i18n/translate';
import { leaveForProvider } from './browser';

/** Off to Google's consent page; `next` travels with the server-side state. */
export async function startGoogleSignIn(next: string | null): Promise<void> {
  const { url } = await callApi(postGoogleSignInCreate, { body: next ? { next } : {} });
  leaveForProvider(url);
}

export async function startGoogleBind(): Promise<void> {
  const { url } = await callApi(postGoogleBindCreate, { body: {} });
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
    answer = await callApi(getWechatOffiConnectCreate, {
      query: { type, meta: JSON.stringify({ callback_route: callbackRoute }) },
      silent: true,
    });
  } catch (error) {
    if (isApiError(error) && error.body?.fields?.['meta.callback_route']) {
      applyFeedback({
        kind: 'server_error',
        text: error.body.fields['meta.callback_route'],
        reqId: error.reqId,
      });
    } else if (isApiError(error)) {
      applyFeedback(feedbackFor(error.status, error.body, window.location));
    }
    throw error;
  }
  // Spec section 8: in the shared widgets only `msg_type: success` counts as success.
  if (answer.msg_type !== 'success') {
    applyFeedback({ kind: 'server_error', text: t('WeChat sign-in could not start.'), reqId: null });
    throw new Error('the official-account authorisation did not start');
  }
  leaveForProvider(answer.url);
}
