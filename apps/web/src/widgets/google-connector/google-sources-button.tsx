import { GOOGLE_SERVICE_LABELS } from '@app/contract/connectors/google-services';
import { useQuery } from '@tanstack/react-query';
import { Button, Popover } from 'antd';
import { useTranslation } from 'react-i18next';
import { GoogleConnector, type GoogleConnectorProps, offeredServices } from './google-connector';
import { boundInfoQuery } from './google-connector-api';
import { GoogleServiceIcon } from './google-service-icon';

/** Spec section 9: the Google sources button shows up to 3 icons. */
export const MAX_SOURCE_ICONS = 3;

/**
 * A compact way into the connector (e.g. beside the assistant's input): the icons of the bound
 * Google services, at most three, or a plain label while none is bound; a click opens the
 * connector for the same scope.
 */
export function GoogleSourcesButton(props: GoogleConnectorProps) {
  const { t } = useTranslation();
  const info = useQuery(boundInfoQuery(props.admin ?? false, props.scope));
  const offered = offeredServices(props.gadsEnable, props.services);
  const bound = offered.filter((service) => info.data?.platforms.google?.services.includes(service));
  const shown = bound.slice(0, MAX_SOURCE_ICONS);

  return (
    <Popover
      trigger="click"
      placement="topLeft"
      title={t('Google sources')}
      content={
        <div style={{ width: 420, maxWidth: '80vw' }}>
          <GoogleConnector {...props} />
        </div>
      }
    >
      <Button aria-label={t('Google sources')} data-testid="google-sources-button">
        {shown.length > 0
          ? shown.map((service) => (
              <GoogleServiceIcon
                key={service}
                service={service}
                size={16}
                title={t(GOOGLE_SERVICE_LABELS[service])}
              />
            ))
          : t('Connect Google')}
      </Button>
    </Popover>
  );
}
