import type { GoogleService } from '@app/contract/connectors/google-services';
import { Button, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConnectorScope } from './google-connector-api';
import { useGoogleConnect } from './use-google-connect';

interface GoogleConnectSwitchProps {
  service: GoogleService;
  /** The service's name, translated. */
  label: string;
  bound: boolean;
  admin?: boolean;
  scope?: ConnectorScope;
  disabled?: boolean;
}

/**
 * The bind/revoke switch of spec section 4. The caller shows it only to the data owner (spec
 * section 6), or with the admin flag. While the browser leaves for Google it stays busy.
 */
export function GoogleConnectSwitch({
  service,
  label,
  bound,
  admin = false,
  scope,
  disabled,
}: GoogleConnectSwitchProps) {
  const { t } = useTranslation();
  const { connect, disconnect } = useGoogleConnect(admin, scope);
  const [busy, setBusy] = useState(false);

  const turnOn = async () => {
    setBusy(true);
    if (!(await connect(service))) setBusy(false);
  };

  return (
    <Switch
      checked={bound}
      loading={busy}
      disabled={disabled}
      aria-label={t('{{service}} connection', { service: label })}
      checkedChildren={t('Connected')}
      unCheckedChildren={t('Off')}
      onChange={(on) => (on ? void turnOn() : disconnect(service, label, { onBusy: setBusy }))}
    />
  );
}

/** For a binding Google stopped accepting: authorise the same account again, keeping its data. */
export function GoogleReconnectButton({
  service,
  admin = false,
  scope,
}: Pick<GoogleConnectSwitchProps, 'service' | 'admin' | 'scope'>) {
  const { t } = useTranslation();
  const { connect } = useGoogleConnect(admin, scope);
  const [busy, setBusy] = useState(false);
  return (
    <Button
      type="primary"
      size="small"
      loading={busy}
      onClick={async () => {
        setBusy(true);
        if (!(await connect(service, 'reconnect'))) setBusy(false);
      }}
    >
      {t('Reconnect')}
    </Button>
  );
}
