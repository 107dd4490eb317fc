import { CheckCircleTwoTone, CloseCircleTwoTone } from '@ant-design/icons';
import type { IntegPlatform } from '@app/contract/connectors/admin-platforms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Card, Descriptions, Flex, List, Space, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';
import { GoogleServiceIcon } from '../../widgets/google-connector/google-service-icon';
import { integrationsKey, platformsQuery, setPlatformEnabled } from './integrations-api';

const FOREIGN_KEYS_PATH = '/admin/sys-settings/foreign-keys';

/**
 * One platform on `/admin/integ-3rd-platform/platforms`: whether its credentials are in the vault,
 * the switch offering it to teams (for Ads, the global `gads_enable`), the scopes it asks Google
 * for, how many teams bound it and its recent errors.
 */
export function PlatformCard({ platform }: { platform: IntegPlatform }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const label = t(platform.label);
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => setPlatformEnabled(platform.platform, enabled),
    onSuccess: (updated) => {
      queryClient.setQueryData(platformsQuery().queryKey, (old) =>
        old ? { items: old.items.map((item) => (item.platform === updated.platform ? updated : item)) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: integrationsKey });
    },
  });
  const onSwitch = (enabled: boolean) => {
    if (enabled) {
      toggle.mutate(true);
      return;
    }
    modal.confirm({
      title: t('Stop offering {{platform}}?', { platform: label }),
      content: t('Teams can no longer connect it; bound teams keep their data but it stops syncing.'),
      okText: t('Stop offering'),
      okButtonProps: { danger: true },
      cancelText: t('Cancel'),
      onOk: () => toggle.mutateAsync(false),
    });
  };

  return (
    <Card
      data-testid={`platform-${platform.platform}`}
      title={
        <Flex gap={8} align="center" wrap>
          <GoogleServiceIcon service={platform.platform} title={label} />
          <span>{label}</span>
          {platform.configured ? (
            <Tag color="success">{t('Configured')}</Tag>
          ) : (
            <Tag color="error">{t('Not configured')}</Tag>
          )}
        </Flex>
      }
      extra={
        <Space>
          <Typography.Text type="secondary">{t('Offered to teams')}</Typography.Text>
          <Switch
            checked={platform.enabled}
            loading={toggle.isPending}
            aria-label={t('Offer {{platform}} to teams', { platform: label })}
            onChange={onSwitch}
          />
        </Space>
      }
    >
      <Descriptions
        column={{ xs: 1, md: 2 }}
        size="small"
        items={[
          {
            key: 'configuration',
            label: t('Configuration'),
            span: 'filled',
            children: (
              <Flex vertical gap={4}>
                {platform.configuration.map((item) => (
                  <Space key={item.key} data-testid={`config-${item.key}`}>
                    {item.present ? (
                      <CheckCircleTwoTone twoToneColor="#52c41a" aria-label={t('Present')} />
                    ) : (
                      <CloseCircleTwoTone twoToneColor="#ff4d4f" aria-label={t('Missing')} />
                    )}
                    <span>{t(item.label)}</span>
                  </Space>
                ))}
                {platform.configured ? null : (
                  <Link to={FOREIGN_KEYS_PATH}>{t('Enter the credentials in Foreign keys')}</Link>
                )}
              </Flex>
            ),
          },
          {
            key: 'switch',
            label: t('Setting'),
            children: <Typography.Text code>{platform.enabled_key}</Typography.Text>,
          },
          {
            key: 'teams',
            label: t('Teams bound'),
            children: t('{{teams}}, {{bindings}}', {
              teams: t('{{count}} teams', {
                count: platform.teams_bound,
                defaultValue_one: '{{count}} team',
              }),
              bindings: t('{{count}} bindings', {
                count: platform.bindings,
                defaultValue_one: '{{count}} binding',
              }),
            }),
          },
          { key: 'reconnect', label: t('Need reconnecting'), children: platform.needs_reconnect },
          { key: 'syncing', label: t('Syncing now'), children: platform.syncing },
          {
            key: 'scopes',
            label: t('Scopes'),
            span: 'filled',
            children: (
              <Flex gap={4} wrap>
                {platform.scopes.map((scope) => (
                  <Tag key={scope} style={{ fontFamily: 'monospace' }} translate="no">
                    {scope}
                  </Tag>
                ))}
              </Flex>
            ),
          },
        ]}
      />
      <Typography.Title level={5}>{t('Last errors')}</Typography.Title>
      <List
        size="small"
        locale={{ emptyText: t('No errors') }}
        dataSource={platform.last_errors}
        renderItem={(error) => (
          <List.Item>
            <Flex vertical>
              <Typography.Text type="secondary">
                {`${formatDate(error.at)} · ${error.team_name}`}
              </Typography.Text>
              <Typography.Text>{error.message}</Typography.Text>
            </Flex>
          </List.Item>
        )}
      />
    </Card>
  );
}
