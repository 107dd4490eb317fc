import type { DynamicConfigKey } from '@app/contract/admin/dynamic-configs/dynamic-config-defs';
import type { DynamicConfig } from '@app/contract/admin/dynamic-configs/dynamic-configs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, List, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api/api-error';
import { formatDate } from '../../lib/format';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { dynamicConfigsKey, dynamicConfigsQuery, setDynamicConfig } from './dynamic-configs-api';
import { HistoryDrawer } from './history-drawer';
import { SettingControl } from './setting-control';
import { settingTexts, shownValue } from './setting-texts';

function SettingRow({ setting, onHistory }: { setting: DynamicConfig; onHistory: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const text = settingTexts(t)[setting.key];
  const change = useMutation({
    mutationFn: (value: DynamicConfig['value']) => setDynamicConfig(setting.key, value),
    onSuccess: (updated) => {
      queryClient.setQueryData(dynamicConfigsKey, (old: { items: DynamicConfig[] } | undefined) =>
        old ? { items: old.items.map((item) => (item.key === updated.key ? updated : item)) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: [...dynamicConfigsKey, 'history'] });
    },
  });
  const serverError =
    change.error instanceof ApiError ? (change.error.body?.fields?.value ?? change.error.message) : null;
  // The value is data (a code, a JSON object), shown as such rather than as words to translate.
  const defaultText = (
    <>
      {typeof setting.default_value === 'boolean' ? (
        `${t('Default')}: ${shownValue(t, setting.default_value)}`
      ) : (
        <>
          {t('Default')}:{' '}
          <Typography.Text code translate="no">
            {shownValue(t, setting.default_value)}
          </Typography.Text>
        </>
      )}
      {setting.default_source === 'environment' ? ` (${t('from the server environment')})` : ''}
    </>
  );
  return (
    <List.Item
      data-testid={`dynamic-config-${setting.key}`}
      actions={[
        <SettingControl
          // A saved value (or a rollback) starts the edit afresh.
          key={`${setting.updated_at ?? 'default'}`}
          setting={setting}
          label={text.label}
          saving={change.isPending}
          serverError={serverError}
          onSave={(value) => change.mutate(value)}
        />,
        <Button key="history" type="link" onClick={onHistory}>
          {t('History')}
        </Button>,
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
            <span>{withCodes(text.description)}</span>
            <Typography.Text type="secondary">
              {defaultText}
              {setting.updated_at === null
                ? null
                : ` · ${t('Changed by {{who}} at {{when}}', {
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
 * `/admin/sys-settings/dynamic-configs`: typed settings that take effect while the server runs
 * (the spec's global config, upload and chat limits, sign-up, the default plan), each edited with
 * the control its type calls for, with its default, its last change and its history.
 */
export function DynamicConfigsPage() {
  const { t } = useTranslation();
  const configs = useQuery(dynamicConfigsQuery());
  const [historyOf, setHistoryOf] = useState<DynamicConfigKey | null>(null);
  const groups = [
    { group: 'global', title: t('Global config') },
    { group: 'runtime', title: t('Runtime settings') },
    { group: 'connectors', title: t('Connectors') },
  ] as const;
  return (
    <>
      <DocumentTitle title={t('Dynamic configs')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Dynamic configs')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('These settings take effect at once, on every server, and each change is recorded.')}
      </Typography.Paragraph>
      {configs.data ? (
        <Flex vertical gap={16}>
          {groups.map(({ group, title }) => (
            <Card key={group} title={title}>
              <List
                itemLayout="horizontal"
                dataSource={configs.data.items.filter((item) => item.group === group)}
                rowKey="key"
                renderItem={(setting) => (
                  <SettingRow setting={setting} onHistory={() => setHistoryOf(setting.key)} />
                )}
              />
            </Card>
          ))}
        </Flex>
      ) : (
        <Card>
          <Skeleton active />
        </Card>
      )}
      <HistoryDrawer
        settingKey={historyOf}
        title={historyOf ? settingTexts(t)[historyOf].label : ''}
        onClose={() => setHistoryOf(null)}
      />
    </>
  );
}

/** A description's field names (`max_files`) as code among its words. */
function withCodes(text: string) {
  return text.split(/(\b[a-z]+(?:_[a-z]+)+\b)/).map((part, index) =>
    index % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, never reordered
      <code key={index} translate="no">
        {part}
      </code>
    ) : (
      part
    ),
  );
}
