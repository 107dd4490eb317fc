import type { CacheInfo } from '@app/contract/admin/caches/caches';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Popconfirm, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cacheBackendLabel } from '../../lib/labels/cache-labels';
import { formatFileSize } from '../../lib/numbers';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { CacheKeysDrawer } from './cache-keys-drawer';
import { cacheTitle, durationText } from './cache-texts';
import { cachesKey, cachesQuery, evict } from './caches-api';

/**
 * `/admin/system/data-cache`: every cache the server keeps, with this instance's figures (each
 * instance keeps its own memory: the page names the one that answered); a key can be inspected,
 * redacted, and evicted, one or all, on every instance. Each eviction is recorded.
 */
export function CachesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const caches = useQuery(cachesQuery());
  const [open, setOpen] = useState<string | null>(null);
  const evictAll = useMutation({
    mutationFn: (name: string) => evict(name),
    onSuccess: (answer) => {
      void message.success(t('Entries evicted: {{n}}', { n: answer.evicted }));
      void queryClient.invalidateQueries({ queryKey: cachesKey });
    },
  });
  const columns = [
    {
      key: 'name',
      title: t('Cache'),
      render: (_: unknown, cache: CacheInfo) => (
        <Flex vertical>
          <span>{cacheTitle(t, cache.name)}</span>
          <Typography.Text type="secondary" code>
            {cache.name}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'backend',
      title: t('Backend'),
      render: (_: unknown, cache: CacheInfo) => (
        <Tag color={cache.backend === 'redis' ? 'red' : undefined}>{cacheBackendLabel(cache.backend, t)}</Tag>
      ),
    },
    { key: 'entries', title: t('Entries'), dataIndex: 'entries', align: 'right' as const },
    {
      key: 'hit_rate',
      title: t('Hit rate'),
      align: 'right' as const,
      render: (_: unknown, cache: CacheInfo) =>
        cache.hit_rate === null
          ? '-'
          : `${(cache.hit_rate * 100).toFixed(1)}% (${cache.hits}/${(cache.hits ?? 0) + (cache.misses ?? 0)})`,
    },
    {
      key: 'bytes',
      title: t('Memory'),
      align: 'right' as const,
      render: (_: unknown, cache: CacheInfo) => (cache.bytes === null ? '-' : formatFileSize(cache.bytes)),
    },
    {
      key: 'ttl',
      title: t('Time to live'),
      render: (_: unknown, cache: CacheInfo) =>
        durationText(t, cache.ttl_seconds, t('Until the data changes')),
    },
    {
      key: 'actions',
      title: t('Actions'),
      render: (_: unknown, cache: CacheInfo) => (
        <Flex gap={8}>
          <Button size="small" onClick={() => setOpen(cache.name)}>
            {t('Keys')}
          </Button>
          <Popconfirm
            title={t('Evict every entry of this cache on every instance?')}
            okText={t('Evict all')}
            cancelText={t('Cancel')}
            onConfirm={() => evictAll.mutateAsync(cache.name)}
          >
            <Button size="small" danger>
              {t('Evict all')}
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ];
  return (
    <>
      <DocumentTitle title={t('Data cache')} />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('Data cache')}
        </Typography.Title>
        <Button onClick={() => void caches.refetch()} loading={caches.isFetching}>
          {t('Refresh')}
        </Button>
      </Flex>
      <Typography.Paragraph type="secondary" data-testid="cache-instance">
        {caches.data
          ? t(
              'Figures are those of the server instance {{id}}, which answered; evicting applies on every instance and is recorded.',
              { id: caches.data.instance_id },
            )
          : null}
      </Typography.Paragraph>
      <Card>
        <Table<CacheInfo>
          rowKey="name"
          loading={caches.isLoading}
          dataSource={caches.data?.items ?? []}
          columns={columns}
          pagination={false}
          scroll={{ x: 'max-content' }}
          onRow={(cache) => ({ 'data-testid': `cache-${cache.name}` }) as React.HTMLAttributes<HTMLElement>}
        />
      </Card>
      <CacheKeysDrawer name={open} onClose={() => setOpen(null)} />
    </>
  );
}
