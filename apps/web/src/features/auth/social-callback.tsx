import type { SocialCallbackResult } from '@app/contract/social/social';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Result, Spin, Typography } from 'antd';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../lib/api/api-error';
import { applyFeedback } from '../../lib/api/feedback-effects';
import { getToken } from '../../lib/cookies';
import { safeRedirectPath } from '../../lib/safe-redirect-path';
import { basicInfosQueryKey } from '../../lib/session/basic-infos';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { socialKey } from '../../widgets/social/social-api';
import { startWechatInApp } from '../../widgets/social/start-social-flow';
import { StatusPageLayout } from '../../widgets/status-page-layout/status-page-layout';
import { keepSessionToken } from './keep-session-token';
import { BASE_AUTH_WAIT_TICKS, finishProviderReturn, useProviderReturn } from './provider-return';
import { type PendingSignIn, TwoFactorStep } from './two-factor-step';

type Provider = 'google' | 'wechat';

type View =
  | { kind: 'working' }
  | { kind: 'failed'; message: string }
  | { kind: 'refused'; error: string }
  | { kind: 'missing' }
  | { kind: 'two_factor'; pending: PendingSignIn };

const PROVIDER_NAME: Record<Provider, string> = { google: 'Google', wechat: 'WeChat' };

/**
 * Where a provider sends the browser back (`/google/oauth/code/callback`, `/wechat-bind-callback`):
 * posts the code and state, then finishes like the password sign-in (keep the token, forget the
 * cache, go to `next` or /chat), or, after linking, returns to the security page with a message.
 * Any refusal is shown with the server's words and a way back.
 */
export function SocialCallback({ provider }: { provider: Provider }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Only WeChat's in-app browser may deliver the code late (see provider-return.ts).
  const providerReturn = useProviderReturn(location.search, provider === 'wechat' ? BASE_AUTH_WAIT_TICKS : 0);
  const [view, setView] = useState<View>({ kind: 'working' });

  const failWith = (error: unknown) => {
    const text =
      isApiError(error) && error.body?.msg
        ? error.body.msg
        : isApiError(error) && (error.kind === 'network' || error.kind === 'timeout')
          ? t('The service could not be reached. Check your connection and try again.')
          : t('Sorry! Something went wrong...');
    setView({ kind: 'failed', message: text });
  };

  const onAnswer = useEffectEvent((answer: SocialCallbackResult) => {
    const destination = safeRedirectPath(answer.callback_route ?? answer.next, '/chat');
    if (answer.two_factor_required && answer.two_factor_token) {
      // The code step finishes the sign-in and goes on to `next`, read from the address.
      navigate(`${location.pathname}?next=${encodeURIComponent(destination)}`, { replace: true });
      setView({
        kind: 'two_factor',
        pending: { twoFactorToken: answer.two_factor_token, methods: answer.two_factor_methods ?? ['totp'] },
      });
      return;
    }
    if (answer.token) {
      keepSessionToken(answer.token);
      // Whatever was cached belonged to the previous visitor (or to nobody).
      queryClient.removeQueries();
      navigate(destination, { replace: true });
      return;
    }
    if (answer.purpose === 'bind') {
      void message.success(t('{{provider}} account linked', { provider: PROVIDER_NAME[provider] }));
      void queryClient.invalidateQueries({ queryKey: socialKey });
      void queryClient.invalidateQueries({ queryKey: basicInfosQueryKey });
      navigate(safeRedirectPath(answer.next, '/account/security'), { replace: true });
      return;
    }
    // The silent WeChat authorisation: it must say where to return (spec section 8).
    if (!answer.callback_route) {
      const text = t('WeChat did not say which page to return to.');
      applyFeedback({ kind: 'server_error', text, reqId: null });
      setView({ kind: 'failed', message: text });
      return;
    }
    // Already signed in, or a WeChat user not linked to any account yet: the latter is asked for
    // consent (snsapi_userinfo) and signed in or signed up by it.
    if (getToken()) navigate(safeRedirectPath(answer.callback_route, '/chat'), { replace: true });
    else startWechatInApp('login', answer.callback_route).catch(failWith);
  });
  const onError = useEffectEvent(failWith);

  useEffect(() => {
    if (providerReturn.kind === 'waiting') return;
    if (providerReturn.kind === 'missing' || providerReturn.kind === 'refused') {
      setView(providerReturn);
      return;
    }
    let live = true;
    finishProviderReturn(provider, providerReturn.code, providerReturn.state).then(
      (answer) => live && onAnswer(answer),
      (error: unknown) => live && onError(error),
    );
    return () => {
      live = false;
    };
  }, [provider, providerReturn]);

  const back = getToken()
    ? { to: '/account/security', label: t('Back to account security') }
    : { to: '/login', label: t('Back to sign-in') };
  const backButton = (
    <Button type="primary" onClick={() => navigate(back.to, { replace: true })}>
      {back.label}
    </Button>
  );
  const name = PROVIDER_NAME[provider];

  return (
    <StatusPageLayout>
      <DocumentTitle title={t('Signing in with {{provider}}', { provider: name })} />
      {view.kind === 'working' ? (
        <Flex vertical align="center" gap={16} style={{ padding: '48px 0' }} role="status">
          <Spin size="large" />
          <Typography.Text>
            {providerReturn.kind === 'waiting'
              ? t('Waiting for WeChat…')
              : t('Finishing with {{provider}}…', { provider: name })}
          </Typography.Text>
        </Flex>
      ) : null}
      {view.kind === 'failed' ? (
        <Result
          status="error"
          title={t('{{provider}} sign-in did not complete', { provider: name })}
          subTitle={view.message}
          extra={backButton}
        />
      ) : null}
      {view.kind === 'refused' ? (
        <Result
          status="warning"
          title={
            view.error === 'access_denied'
              ? t('You did not allow access at {{provider}}, so nothing changed.', { provider: name })
              : t('{{provider}} returned an error: {{error}}', { provider: name, error: view.error })
          }
          extra={backButton}
        />
      ) : null}
      {view.kind === 'missing' ? (
        <Result
          status="error"
          title={t('{{provider}} sign-in did not complete', { provider: name })}
          subTitle={t('This page was opened without the answer from {{provider}}. Please start again.', {
            provider: name,
          })}
          extra={backButton}
        />
      ) : null}
      {view.kind === 'two_factor' ? (
        <TwoFactorStep pending={view.pending} onBack={() => navigate('/login', { replace: true })} />
      ) : null}
    </StatusPageLayout>
  );
}
