import type { ConnectorService } from '@app/contract/connectors/connectors';
import type { GoogleService } from '@app/contract/connectors/google-services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';
import { freshnessLabel } from '../../lib/labels/connector-labels';
import { useCanOpen } from '../../lib/permissions/use-can-open';
import {
  GoogleConnectSwitch,
  GoogleReconnectButton,
} from '../../widgets/google-connector/google-connect-switch';
import type { ConnectorScope } from '../../widgets/google-connector/google-connector-api';
import { GoogleServiceIcon } from '../../widgets/google-connector/google-service-icon';
import { GoogleSourcePicker } from '../../widgets/google-connector/google-source-picker';
import { connectorsStatusKey, syncNow } from './connectors-api';
import { SyncState } from './sync-state';

type Translate = (msgid: string, options?: Record<string, unknown>) => string;

function choiceLabel(service: GoogleService, t: Translate): string {
  if (service === 'ga') return t('Property');
  if (service === 'gsc') return t('Site');
  return t('Customer');
}

function FreshnessTag({ freshness }: { freshness: ConnectorService['freshness'] }) {
  const { t } = useTranslation();
  const color = freshness.state === 'fresh' ? 'success' : freshness.state === 'stale' ? 'warning' : undefined;
  const tag = <Tag color={color}>{freshnessLabel(freshness.state, t)}</Tag>;
  return (
    <Flex gap={8} align="center" wrap>
      {tag}
      {freshness.complete_through ? (
        <Typography.Text type="secondary">
          {t('complete through {{day}}', { day: freshness.complete_through })}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

function StateTag({ status }: { status: ConnectorService }) {
  const { t } = useTranslation();
  if (status.needs_reconnect) return <Tag color="warning">{t('Needs reconnect')}</Tag>;
  if (status.bound) return <Tag color="success">{t('Connected')}</Tag>;
  if (!status.available) return <Tag>{t('Not available yet')}</Tag>;
  return <Tag>{t('Not connected')}</Tag>;
}

/**
 * A service this workspace does not offer, said in the customer's terms with what they can do
 * now (issue 26); the server's reason, in an operator's terms, only for whoever runs the server.
 */
function NotOfferedNote({ reason }: { reason: string | null }) {
  const { t } = useTranslation();
  const operator = useCanOpen('/admin');
  return (
    <Alert
      type="info"
      showIcon
      message={t('This connection is not available in this workspace yet.')}
      description={
        <>
          <Typography.Paragraph style={{ marginBottom: operator && reason ? 8 : 0 }}>
            {t('Meanwhile, ask the assistant about the demo data, or upload your own data in Storage.')}{' '}
            <Link to="/chat">{t('Open the assistant')}</Link> ·{' '}
            <Link to="/account/user/storage">{t('Storage')}</Link>
          </Typography.Paragraph>
          {operator && reason ? (
            <Typography.Text type="secondary">
              {t('For administrators: {{reason}}', { reason })}
            </Typography.Text>
          ) : null}
        </>
      }
    />
  );
}

interface ServiceCardProps {
  status: ConnectorService;
  isOwner: boolean;
  scope: ConnectorScope;
}

/**
 * One Google service on `/account/connectors`: bound account, what it syncs, the data held, last
 * sync, freshness, the running sync's progress, the last error, 'needs reconnect' and 'sync now'.
 * Binding, revoking and choosing are the data owner's (spec section 6); anyone in the scope may
 * sync now.
 */
export function ServiceCard({ status, isOwner, scope }: ServiceCardProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const label = t(status.label);
  const sync = useMutation({
    mutationFn: () => syncNow(status.service, scope),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectorsStatusKey }),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: connectorsStatusKey });
  // A bound service stays revocable even when no longer offered; an unbound one is offered or not.
  const showSwitch = isOwner && (status.bound || status.available);
  const moving = ['queued', 'running'].includes(status.sync.status);
  const canSync = status.bound && status.available && !status.needs_reconnect && status.selected !== null;

  return (
    <Card
      data-testid={`connector-${status.service}`}
      title={
        <Flex gap={8} align="center">
          <GoogleServiceIcon service={status.service} title={label} />
          <span>{label}</span>
          <StateTag status={status} />
        </Flex>
      }
      extra={
        showSwitch ? (
          <GoogleConnectSwitch service={status.service} label={label} bound={status.bound} scope={scope} />
        ) : null
      }
    >
      <Flex vertical gap={12}>
        {!status.available && !status.bound ? <NotOfferedNote reason={status.unavailable_reason} /> : null}
        {status.needs_reconnect ? (
          <Alert
            type="warning"
            showIcon
            message={t('Google no longer accepts this connection')}
            description={
              isOwner
                ? t('Reconnect the same Google account; the choice and the data synced are kept.')
                : t('Ask the data owner to reconnect it.')
            }
            action={isOwner ? <GoogleReconnectButton service={status.service} scope={scope} /> : null}
          />
        ) : null}
        {status.bound ? (
          <Descriptions
            column={1}
            size="small"
            items={[
              {
                key: 'account',
                label: t('Google account'),
                children: status.account
                  ? status.account.email
                    ? `${status.account.name} <${status.account.email}>`
                    : status.account.name
                  : '—',
              },
              {
                key: 'selected',
                label: choiceLabel(status.service, t),
                children:
                  isOwner && !status.needs_reconnect ? (
                    <GoogleSourcePicker service={status.service} scope={scope} onSaved={refresh} />
                  ) : (
                    (status.selected?.name ?? (
                      <Typography.Text type="secondary">{t('Not chosen yet')}</Typography.Text>
                    ))
                  ),
              },
              {
                key: 'data',
                label: t('Data held'),
                children: status.data_range
                  ? t('{{start}} to {{end}}', { start: status.data_range.start, end: status.data_range.end })
                  : t('No data yet'),
              },
              {
                key: 'last-sync',
                label: t('Last sync'),
                children: status.last_sync_at !== null ? formatDate(status.last_sync_at) : t('Never'),
              },
              {
                key: 'freshness',
                label: t('Freshness'),
                children: <FreshnessTag freshness={status.freshness} />,
              },
              { key: 'sync', label: t('Sync'), children: <SyncState sync={status.sync} /> },
            ]}
          />
        ) : (
          <Typography.Text type="secondary">
            {status.available
              ? isOwner
                ? t('Turn the switch on to connect a Google account.')
                : t('Not connected. The data owner can connect it.')
              : null}
          </Typography.Text>
        )}
        {status.last_error ? (
          <Alert
            type="error"
            showIcon
            data-testid="connector-last-error"
            message={t('Last error')}
            description={`${status.last_error.message} · ${formatDate(status.last_error.at)}`}
          />
        ) : null}
        {status.bound ? (
          <div>
            <Button onClick={() => sync.mutate()} loading={sync.isPending || moving} disabled={!canSync}>
              {t('Sync now')}
            </Button>
          </div>
        ) : null}
      </Flex>
    </Card>
  );
}
