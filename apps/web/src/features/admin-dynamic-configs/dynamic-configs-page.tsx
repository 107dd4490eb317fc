import type { DynamicConfig, DynamicConfigKey } from '@app/contract/admin/dynamic-configs/dynamic-configs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Flex, List, Skeleton, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { dynamicConfigsKey, dynamicConfigsQuery, setDynamicConfig } from './dynamic-configs-api';

type Translate = (msgid: string) => string;

/** Every setting's name and meaning in the reader's language (one line per key, checked by type). */
function settingTexts(t: Translate): Record<DynamicConfigKey, { label: string; description: string }> {
  return {
    gads_enable: {
      label: t('Google Ads connector'),
      description: t('Offer Google Ads on the connectors page.'),
    },
    google_ga_enable: {
      label: t('Google Analytics 4 connector'),
      description: t('Offer Google Analytics 4 on the connectors page.'),
    },
    google_gsc_enable: {
      label: t('Google Search Console connector'),
      description: t('Offer Google Search Console on the connectors page.'),
    },
  };
}

function SettingRow({ setting }: { setting: DynamicConfig }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const text = settingTexts(t)[setting.key];
  const change = useMutation({
    mutationFn: (value: boolean) => setDynamicConfig(setting.key, value),
    onSuccess: (updated) =>
      queryClient.setQueryData(dynamicConfigsKey, (old: { items: DynamicConfig[] } | undefined) =>
        old ? { items: old.items.map((item) => (item.key === updated.key ? updated : item)) } : old,
      ),
  });
  const onOff = (value: boolean) => (value ? t('On') : t('Off'));
  return (
    <List.Item
      data-testid={`dynamic-config-${setting.key}`}
      actions={[
        <Switch
          key="switch"
          checked={setting.value}
          loading={change.isPending}
          aria-label={text.label}
          onChange={(value) => change.mutate(value)}
        />,
      ]}
    >
      <List.Item.Meta
        title={
          <Flex gap={8} align="center" wrap>
            <span>{text.label}</span>
            <Typography.Text code>{setting.key}</Typography.Text>
            {setting.updated_at === null ? <Tag>{t('Default')}</Tag> : null}
          </Flex>
        }
        description={
          <Flex vertical gap={2}>
            <span>{text.description}</span>
            <Typography.Text type="secondary">
              {setting.updated_at === null
                ? `${t('Default')}: ${onOff(setting.default_value)}`
                : `${t('Default')}: ${onOff(setting.default_value)} · ${t('Changed by {{who}} at {{when}}', {
                    who: setting.updated_by ?? '-',
                    when: formatDate(setting.updated_at),
                  })}`}
            </Typography.Text>
          </Flex>
        }
      />
    </List.Item>
  );
}

/**
 * `/admin/sys-settings/dynamic-configs`: settings that take effect while the server runs (the
 * spec's global `gads_enable` first), each with its default and who changed it last; every change
 * is recorded in the operation records.
 */
export function DynamicConfigsPage() {
  const { t } = useTranslation();
  const configs = useQuery(dynamicConfigsQuery());
  return (
    <>
      <DocumentTitle title={t('Dynamic configs')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Dynamic configs')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('These settings take effect at once, on every server, and each change is recorded.')}
      </Typography.Paragraph>
      <Card>
        {configs.data ? (
          <List
            itemLayout="horizontal"
            dataSource={configs.data.items}
            rowKey="key"
            renderItem={(setting) => <SettingRow setting={setting} />}
          />
        ) : (
          <Skeleton active />
        )}
      </Card>
    </>
  );
}
