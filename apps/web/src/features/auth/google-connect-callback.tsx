import type { ConnectCallbackResult } from '@app/contract/connectors/google-oauth';
import { GOOGLE_SERVICE_LABELS } from '@app/contract/connectors/google-services';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Result, Spin, Typography } from 'antd';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../lib/api/api-error';
import { safeRedirectPath } from '../../lib/safe-redirect-path';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { finishGoogleConnect, googleConnectorKey } from '../../widgets/google-connector/google-connector-api';
import { StatusPageLayout } from '../../widgets/status-page-layout/status-page-layout';
import { useProviderReturn } from './provider-return';

type View =
  | { kind: 'working' }
  | { kind: 'failed'; message: string; reqId: string | null }
  | { kind: 'refused'; error: string }
  | { kind: 'missing' };

/** Where a binding started from, when the state (which names it) could not be read. */
const CONNECTORS_PATH = '/account/connectors';

/**
 * `/google/oauth/code/callback` for a connector binding (a `gc1.` state): posts the code and state,
 * then returns to the route the binding started from (the state's `callback_route`, the full route
 * path with its query). Refusals are shown with the server's words and a way back.
 */
export function GoogleConnectCallback() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const providerReturn = useProviderReturn(location.search, 0);
  const [view, setView] = useState<View>({ kind: 'working' });

  const onAnswer = useEffectEvent((answer: ConnectCallbackResult) => {
    const service = t(GOOGLE_SERVICE_LABELS[answer.service]);
    void message.success(
      answer.needs_selection
        ? t('{{service}} connected as {{account}}. Choose what to sync.', {
            service,
            account: answer.account.name,
          })
        : t('{{service}} connected as {{account}}', { service, account: answer.account.name }),
    );
    void queryClient.invalidateQueries({ queryKey: googleConnectorKey });
    navigate(safeRedirectPath(answer.callback_route, CONNECTORS_PATH), { replace: true });
  });
  const onError = useEffectEvent((error: unknown) => {
    const text =
      isApiError(error) && error.body?.msg
        ? error.body.msg
        : isApiError(error) && (error.kind === 'network' || error.kind === 'timeout')
          ? t('The service could not be reached. Check your connection and try again.')
          : t('Sorry! Something went wrong...');
    setView({ kind: 'failed', message: text, reqId: isApiError(error) ? error.reqId : null });
  });

  useEffect(() => {
    if (providerReturn.kind === 'waiting') return;
    if (providerReturn.kind === 'missing' || providerReturn.kind === 'refused') {
      setView(providerReturn);
      return;
    }
    let live = true;
    finishGoogleConnect(providerReturn.code, providerReturn.state).then(
      (answer) => live && onAnswer(answer),
      (error: unknown) => live && onError(error),
    );
    return () => {
      live = false;
    };
  }, [providerReturn]);

  const back = (
    <Button type="primary" onClick={() => navigate(CONNECTORS_PATH, { replace: true })}>
      {t('Back to connectors')}
    </Button>
  );

  return (
    <StatusPageLayout>
      <DocumentTitle title={t('Connecting Google')} />
      {view.kind === 'working' ? (
        <Flex vertical align="center" gap={16} style={{ padding: '48px 0' }} role="status">
          <Spin size="large" />
          <Typography.Text>{t('Finishing the connection with Google…')}</Typography.Text>
        </Flex>
      ) : null}
      {view.kind === 'failed' ? (
        <Result
          status="error"
          title={t('The Google connection did not complete')}
          subTitle={view.reqId ? `${view.message} (${view.reqId})` : view.message}
          extra={back}
        />
      ) : null}
      {view.kind === 'refused' ? (
        <Result
          status="warning"
          title={
            view.error === 'access_denied'
              ? t('You did not allow access at {{provider}}, so nothing changed.', { provider: 'Google' })
              : t('{{provider}} returned an error: {{error}}', { provider: 'Google', error: view.error })
          }
          extra={back}
        />
      ) : null}
      {view.kind === 'missing' ? (
        <Result
          status="error"
          title={t('The Google connection did not complete')}
          subTitle={t('This page was opened without the answer from {{provider}}. Please start again.', {
            provider: 'Google',
          })}
          extra={back}
        />
      ) : null}
    </StatusPageLayout>
  );
}
