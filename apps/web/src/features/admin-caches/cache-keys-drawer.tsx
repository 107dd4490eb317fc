import type { CacheKey } from '@app/contract/admin/caches/caches';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Flex, Input, Popconfirm, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../lib/numbers';
import { cacheTitle, durationText } from './cache-texts';
import { cacheKeysQuery, cachesKey, cacheValueQuery, evict } from './caches-api';

function KeyValue({ name, id }: { name: string; id: string }) {
  const { t } = useTranslation();
  const value = useQuery(cacheValueQuery(name, id));
  if (value.isError)
    return <Typography.Text type="secondary">{t('This key is gone (it may have expired).')}</Typography.Text>;
  return (
    <pre data-testid="cache-key-value" style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
      {value.data ? JSON.stringify(value.data.value, null, 2) : '…'}
    </pre>
  );
}

/** A cache's keys on this instance: searched by a part of their label, inspected (redacted) and evicted one by one. */
export function CacheKeysDrawer({ name, onClose }: { name: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const keys = useQuery({ ...cacheKeysQuery(name ?? '', q, page, pageSize), enabled: name !== null });
  const evictOne = useMutation({
    mutationFn: (id: string) => evict(name ?? '', id),
    onSuccess: () => {
      void message.success(t('Key evicted'));
      void queryClient.invalidateQueries({ queryKey: cachesKey });
    },
  });
  const columns = [
    {
      key: 'label',
      title: t('Key'),
      render: (_: unknown, key: CacheKey) => (
        <Typography.Text style={{ wordBreak: 'break-all' }}>{key.label}</Typography.Text>
      ),
    },
    {
      key: 'age',
      title: t('Age'),
      width: 110,
      render: (_: unknown, key: CacheKey) => durationText(t, key.age_seconds, '-'),
    },
    {
      key: 'expires',
      title: t('Expires in'),
      width: 110,
      render: (_: unknown, key: CacheKey) =>
        durationText(t, key.expires_in_seconds, t('When the data changes')),
    },
    {
      key: 'bytes',
      title: t('Memory'),
      width: 100,
      render: (_: unknown, key: CacheKey) => (key.bytes === null ? '-' : formatFileSize(key.bytes)),
    },
    {
      key: 'actions',
      title: t('Actions'),
      width: 100,
      render: (_: unknown, key: CacheKey) => (
        <Popconfirm
          title={t('Evict this key on every instance?')}
          okText={t('Evict')}
          cancelText={t('Cancel')}
          onConfirm={() => evictOne.mutateAsync(key.id)}
        >
          <Button size="small" danger>
            {t('Evict')}
          </Button>
        </Popconfirm>
      ),
    },
  ];
  return (
    <Drawer
      open={name !== null}
      onClose={onClose}
      title={name ? `${t('Keys')} · ${cacheTitle(t, name)}` : t('Keys')}
      size="min(900px, 95vw)"
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Input.Search
          allowClear
          placeholder={t('Search keys')}
          aria-label={t('Search keys')}
          onSearch={(value) => {
            setQ(value.trim());
            setPage(1);
          }}
        />
        <Table<CacheKey>
          size="small"
          rowKey="id"
          loading={keys.isFetching}
          dataSource={keys.data?.items ?? []}
          columns={columns}
          expandable={{
            expandedRowRender: (key) => (name ? <KeyValue name={name} id={key.id} /> : null),
            expandRowByClick: false,
          }}
          pagination={{
            current: page,
            pageSize,
            total: keys.data?.total ?? 0,
            showSizeChanger: true,
            onChange: (next, size) => {
              setPage(next);
              setPageSize(size);
            },
          }}
        />
      </Flex>
    </Drawer>
  );
}
