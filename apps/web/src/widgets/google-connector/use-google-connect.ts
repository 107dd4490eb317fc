import type { ConnectType } from '@app/contract/connectors/google-oauth';
import type { GoogleService } from '@app/contract/connectors/google-services';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { rawReason } from './connector-errors';
import { type ConnectorScope, revokeGoogle, startGoogleConnect } from './google-connector-api';
import { reloadPage } from './reload-page';

/**
 * The two transitions of spec section 4. Connect: off to Google's consent page (resolves false if
 * it could not start). Disconnect: confirm, revoke, then reload the page. A user's failures went
 * through the error catalogue (the calls are not silent); an admin's are silent and shown here
 * with the raw reason (spec section 6).
 */
export function useGoogleConnect(admin: boolean, scope?: ConnectorScope) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const location = useLocation();

  const failed = (error: unknown) => {
    if (admin) modal.error({ title: t('Google did not accept the request'), content: rawReason(error) });
  };

  const connect = async (service: GoogleService, type: ConnectType = 'bind'): Promise<boolean> => {
    try {
      await startGoogleConnect({
        admin,
        service,
        type,
        scope,
        callbackRoute: `${location.pathname}${location.search}`,
      });
      return true;
    } catch (error) {
      failed(error);
      return false;
    }
  };

  /**
   * `onBusy` follows the revoke, so the control can show it is working; `in` names another scope
   * than the hook's (an admin list revoking row by row).
   */
  const disconnect = (
    service: GoogleService,
    label: string,
    options: { onBusy?: (busy: boolean) => void; in?: ConnectorScope } = {},
  ) =>
    modal.confirm({
      title: t('Disconnect {{service}}?', { service: label }),
      content: t('The Google account is disconnected and the data synced from it is removed.'),
      okText: t('Disconnect'),
      okButtonProps: { danger: true },
      cancelText: t('Cancel'),
      onOk: async () => {
        options.onBusy?.(true);
        try {
          await revokeGoogle(admin, [service], options.in ?? scope);
          reloadPage();
        } catch (error) {
          options.onBusy?.(false);
          failed(error);
        }
      },
    });

  return { connect, disconnect };
}
