import type { DynamicConfigKey } from '@app/contract/admin/dynamic-configs/dynamic-config-defs';
import type { DynamicConfig } from '@app/contract/admin/dynamic-configs/dynamic-configs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, List, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import {
  dynamicConfigHistoryQuery,
  dynamicConfigsKey,
  rollbackDynamicConfigChange,
} from './dynamic-configs-api';
import { shownValue } from './setting-texts';

/** One setting's changes, newest first: who, when, before and after; each can be rolled back. */
export function HistoryDrawer({
  settingKey,
  title,
  onClose,
}: {
  settingKey: DynamicConfigKey | null;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const history = useQuery({
    ...dynamicConfigHistoryQuery(settingKey ?? 'team_name', page),
    enabled: settingKey !== null,
  });
  const rollback = useMutation({
    mutationFn: rollbackDynamicConfigChange,
    onSuccess: (updated: DynamicConfig) => {
      queryClient.setQueryData(dynamicConfigsKey, (old: { items: DynamicConfig[] } | undefined) =>
        old ? { items: old.items.map((item) => (item.key === updated.key ? updated : item)) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: [...dynamicConfigsKey, 'history'] });
    },
  });
  return (
    <Drawer open={settingKey !== null} onClose={onClose} width={520} title={`${t('History')}: ${title}`}>
      <List
        data-testid="dynamic-config-history"
        loading={history.isLoading}
        dataSource={history.data?.items ?? []}
        rowKey="id"
        locale={{ emptyText: t('No changes yet') }}
        pagination={
          (history.data?.total ?? 0) > 10
            ? { current: page, pageSize: 10, total: history.data?.total ?? 0, onChange: setPage }
            : false
        }
        renderItem={(change) => (
          <List.Item
            actions={[
              <Popconfirm
                key="rollback"
                title={t('Give the setting back the value it had before this change?')}
                okText={t('Roll back')}
                cancelText={t('Cancel')}
                onConfirm={() => rollback.mutate(change.id)}
              >
                <Button size="small" loading={rollback.isPending && rollback.variables === change.id}>
                  {t('Roll back')}
                </Button>
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              title={
                <span>
                  <Typography.Text code>{shownValue(t, change.old_value)}</Typography.Text>
                  {' → '}
                  <Typography.Text code>{shownValue(t, change.new_value)}</Typography.Text>
                </span>
              }
              description={`${change.changed_by ?? '-'} · ${formatDate(change.changed_at)}${
                change.rollback_of ? ` · ${t('Rollback')}` : ''
              }`}
            />
          </List.Item>
        )}
      />
    </Drawer>
  );
}
