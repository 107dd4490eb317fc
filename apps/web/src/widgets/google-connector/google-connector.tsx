import {
  GOOGLE_SERVICE_LABELS,
  GOOGLE_SERVICES,
  type GoogleService,
} from '@app/contract/connectors/google-services';
import { useQuery } from '@tanstack/react-query';
import { Alert, Flex, List, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { rawReason } from './connector-errors';
import { GoogleConnectSwitch, GoogleReconnectButton } from './google-connect-switch';
import { boundInfoQuery, type ConnectorScope } from './google-connector-api';
import { GoogleServiceIcon } from './google-service-icon';
import { GoogleSourcePicker } from './google-source-picker';

export interface GoogleConnectorProps {
  /** Spec section 6: the admin variants of the calls, the switch for any team, raw reasons. */
  admin?: boolean;
  scope?: ConnectorScope;
  /** The global config's `gads_enable`: Google Ads is offered only when it is on. */
  gadsEnable: boolean;
  /** Limit the rows to these services (default: all three). */
  services?: readonly GoogleService[];
}

/** The services offered: Ads only while `gads_enable` is on (spec section 6). */
export function offeredServices(gadsEnable: boolean, only?: readonly GoogleService[]): GoogleService[] {
  return GOOGLE_SERVICES.filter(
    (service) => (service !== 'gads' || gadsEnable) && (!only || only.includes(service)),
  );
}

/**
 * The connector of spec section 1 for one team or project: per Google service, the account it is
 * bound with, the bind/revoke switch (the data owner's, spec section 6, or an admin's) and, once
 * bound, what it syncs.
 */
export function GoogleConnector({ admin = false, scope, gadsEnable, services }: GoogleConnectorProps) {
  const { t } = useTranslation();
  const info = useQuery(boundInfoQuery(admin, scope));

  if (info.isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (info.isError) {
    return (
      <Alert
        type="error"
        showIcon
        message={t('The connections could not be read')}
        description={admin ? rawReason(info.error) : undefined}
      />
    );
  }
  const answer = info.data;
  if (!answer) return null;
  const google = answer.platforms.google;
  const isOwner = answer.requestor_user_id === answer.data_owner_user_id;
  const mayChange = admin || isOwner;

  return (
    <Flex vertical gap={8}>
      {mayChange ? null : (
        <Typography.Text type="secondary">
          {t('Only the data owner connects and disconnects Google services.')}
        </Typography.Text>
      )}
      <List
        dataSource={offeredServices(gadsEnable, services)}
        renderItem={(service) => {
          const label = t(GOOGLE_SERVICE_LABELS[service]);
          const bound = google?.services.includes(service) ?? false;
          const payload = google?.payload[service];
          return (
            <List.Item
              data-testid={`google-connector-${service}`}
              extra={
                mayChange ? (
                  <GoogleConnectSwitch
                    service={service}
                    label={label}
                    bound={bound}
                    admin={admin}
                    scope={scope}
                  />
                ) : null
              }
            >
              <List.Item.Meta
                avatar={<GoogleServiceIcon service={service} size={28} title={label} />}
                title={
                  <Flex gap={8} align="center" wrap>
                    <span>{label}</span>
                    {payload?.needs_reconnect ? <Tag color="warning">{t('Needs reconnect')}</Tag> : null}
                  </Flex>
                }
                description={
                  <Flex vertical gap={8}>
                    <Typography.Text type="secondary">
                      {payload
                        ? t('Connected as {{account}}', {
                            account: payload.email ? `${payload.name} <${payload.email}>` : payload.name,
                          })
                        : t('Not connected')}
                    </Typography.Text>
                    {payload?.needs_reconnect && mayChange ? (
                      <div>
                        <GoogleReconnectButton service={service} admin={admin} scope={scope} />
                      </div>
                    ) : null}
                    {bound && isOwner && !admin ? (
                      <GoogleSourcePicker service={service} scope={scope} />
                    ) : null}
                  </Flex>
                }
              />
            </List.Item>
          );
        }}
      />
    </Flex>
  );
}
