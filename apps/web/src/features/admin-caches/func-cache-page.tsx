import {
  FUNC_CACHE_TTL_MAX,
  FUNC_CACHE_TTL_MIN,
  type FuncCacheFunction,
} from '@app/contract/admin/caches/func-cache';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, InputNumber, Popconfirm, Switch, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { durationText } from './cache-texts';
import { evictFunction, funcCacheKey, funcCacheQuery, setFuncCache } from './func-cache-api';

type Translate = ReturnType<typeof useTranslation>['t'];

/** A function's time to live, edited in seconds and saved on its own button. */
function TtlCell({ item, t }: { item: FuncCacheFunction; t: Translate }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState<number | null>(item.ttl_seconds);
  const save = useMutation({
    mutationFn: (ttl: number) => setFuncCache(item.function_key, item.enabled, ttl),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: funcCacheKey }),
  });
  const changed = value !== null && value !== item.ttl_seconds;
  return (
    <Flex vertical gap={4}>
      <Flex gap={8} align="center">
        <InputNumber
          size="small"
          min={FUNC_CACHE_TTL_MIN}
          max={FUNC_CACHE_TTL_MAX}
          step={60}
          precision={0}
          value={value}
          onChange={(next) => setValue(next)}
          aria-label={t('Time to live in seconds')}
          style={{ width: 150 }}
        />
        <Button
          size="small"
          disabled={!changed}
          loading={save.isPending}
          onClick={() => value !== null && save.mutate(value)}
        >
          {t('Save')}
        </Button>
      </Flex>
      <Typography.Text type="secondary">{durationText(t, item.ttl_seconds, '-')}</Typography.Text>
    </Flex>
  );
}

/**
 * `/admin/system/data-cache/func-cache`: the analysis functions with their cache switch (off by
 * default), time to live and figures; a function's kept results, or all, can be evicted. A kept
 * result answers the same inputs on the same data (a sync moves the key), the same day, language
 * and model, for 0 credits. Every change is recorded.
 */
export function FuncCachePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const functions = useQuery(funcCacheQuery());
  const refresh = () => void queryClient.invalidateQueries({ queryKey: funcCacheKey });
  const toggle = useMutation({
    mutationFn: (item: FuncCacheFunction & { next: boolean }) =>
      setFuncCache(item.function_key, item.next, item.ttl_seconds),
    onSuccess: refresh,
  });
  const evict = useMutation({
    mutationFn: (functionKey?: string) => evictFunction(functionKey),
    onSuccess: (answer) => {
      void message.success(t('Entries evicted: {{n}}', { n: answer.evicted }));
      refresh();
    },
  });
  const columns = [
    {
      key: 'function',
      title: t('Function'),
      render: (_: unknown, item: FuncCacheFunction) => (
        <Flex vertical>
          <span>{item.name}</span>
          <Typography.Text type="secondary" code>
            {item.function_key}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'enabled',
      title: t('Cache'),
      render: (_: unknown, item: FuncCacheFunction) => (
        <Switch
          checked={item.enabled}
          checkedChildren={t('On')}
          unCheckedChildren={t('Off')}
          aria-label={t('Cache results of {{name}}', { name: item.name })}
          loading={toggle.isPending && toggle.variables?.function_key === item.function_key}
          onChange={(next) => toggle.mutate({ ...item, next })}
        />
      ),
    },
    {
      key: 'ttl',
      title: t('Time to live'),
      render: (_: unknown, item: FuncCacheFunction) => (
        <TtlCell key={`${item.function_key}:${item.ttl_seconds}`} item={item} t={t} />
      ),
    },
    { key: 'entries', title: t('Entries'), dataIndex: 'entries', align: 'right' as const },
    {
      key: 'hit_rate',
      title: t('Hit rate'),
      align: 'right' as const,
      render: (_: unknown, item: FuncCacheFunction) =>
        item.hit_rate === null
          ? '-'
          : `${(item.hit_rate * 100).toFixed(1)}% (${item.hits}/${item.hits + item.misses})`,
    },
    {
      key: 'age',
      title: t('Newest entry'),
      render: (_: unknown, item: FuncCacheFunction) => durationText(t, item.newest_age_seconds, '-'),
    },
    {
      key: 'actions',
      title: t('Actions'),
      render: (_: unknown, item: FuncCacheFunction) => (
        <Popconfirm
          title={t("Evict this function's kept results for every team?")}
          okText={t('Evict')}
          cancelText={t('Cancel')}
          onConfirm={() => evict.mutateAsync(item.function_key)}
        >
          <Button size="small" danger disabled={item.entries === 0}>
            {t('Evict')}
          </Button>
        </Popconfirm>
      ),
    },
  ];
  return (
    <>
      <DocumentTitle title={t('Function cache')} />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('Function cache')}
        </Typography.Title>
        <Flex gap={8}>
          <Button onClick={() => void functions.refetch()} loading={functions.isFetching}>
            {t('Refresh')}
          </Button>
          <Popconfirm
            title={t("Evict every function's kept results for every team?")}
            okText={t('Evict all')}
            cancelText={t('Cancel')}
            onConfirm={() => evict.mutateAsync(undefined)}
          >
            <Button danger>{t('Evict all')}</Button>
          </Popconfirm>
        </Flex>
      </Flex>
      <Typography.Paragraph type="secondary" data-testid="func-cache-explained">
        {t(
          'A function switched on keeps its result for the same inputs on the same data, the same day, language and model: asked again, it answers at once and costs no credits. A sync of the data starts afresh. Hit counts are those of the server instance {{id}}, which answered.',
          { id: functions.data?.instance_id ?? '-' },
        )}
      </Typography.Paragraph>
      <Card>
        <Table<FuncCacheFunction>
          rowKey="function_key"
          loading={functions.isLoading}
          dataSource={functions.data?.items ?? []}
          columns={columns}
          pagination={false}
          scroll={{ x: 'max-content' }}
          onRow={(item) =>
            ({ 'data-testid': `func-cache-${item.function_key}` }) as React.HTMLAttributes<HTMLElement>
          }
        />
      </Card>
    </>
  );
}
