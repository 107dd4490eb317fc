import { LOCALES } from '@app/contract/common';
import type { HelpTag, HelpTagInput } from '@app/contract/help/help-tags';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Input, Popconfirm, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { HelpTagDrawer } from './help-tag-drawer';
import { helpTagsKey, helpTagsQuery, removeHelpTag, saveHelpTag } from './help-tags-api';

/**
 * `/admin/sys-functions/help-tags`: help attached to an element of a page (page path, element
 * id), with HTML and an icon per language; pages show its icon where a tag is enabled.
 */
export function HelpTagsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<{ tag: HelpTag | null } | null>(null);
  const tags = useQuery(helpTagsQuery(filter));
  const refresh = () => queryClient.invalidateQueries({ queryKey: helpTagsKey });
  const save = useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: HelpTagInput }) => saveHelpTag(id, input),
    onSuccess: async () => {
      void message.success(t('Help tag saved'));
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => removeHelpTag(id),
    onSuccess: async () => {
      void message.success(t('Help tag deleted'));
      await refresh();
    },
  });

  return (
    <>
      <DocumentTitle title={t('Help tags')} />
      <Flex justify="space-between" align="baseline" wrap gap={8}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('Help tags')}
        </Typography.Title>
        <Button type="primary" onClick={() => setEditing({ tag: null })}>
          {t('New help tag')}
        </Button>
      </Flex>
      <Typography.Paragraph type="secondary">
        {t('Help shows as an icon beside the element of the page, for users whose help switch is on.')}
      </Typography.Paragraph>
      <Card>
        <Input.Search
          allowClear
          placeholder={t('Filter by page path')}
          aria-label={t('Filter by page path')}
          onSearch={(value) => setFilter(value.trim())}
          style={{ maxWidth: 360, marginBottom: 16 }}
        />
        <Table<HelpTag>
          rowKey="id"
          loading={tags.isPending}
          dataSource={tags.data?.items ?? []}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: t('Page path'), dataIndex: 'page_path', render: (path: string) => <code>{path}</code> },
            { title: t('Element id'), dataIndex: 'element_id', render: (id: string) => <code>{id}</code> },
            {
              title: t('Languages filled'),
              key: 'languages',
              render: (_, tag) => {
                const filled = LOCALES.filter((loc) => tag.texts[loc]);
                return filled.length === 0 ? (
                  <Typography.Text type="secondary">{t('None')}</Typography.Text>
                ) : (
                  filled.map((loc) => <Tag key={loc}>{loc}</Tag>)
                );
              },
            },
            {
              title: t('Enabled'),
              dataIndex: 'enabled',
              render: (enabled: boolean) =>
                enabled ? <Tag color="green">{t('On')}</Tag> : <Tag>{t('Off')}</Tag>,
            },
            {
              title: t('Updated'),
              key: 'updated',
              render: (_, tag) => `${formatDate(tag.updated_at)} · ${tag.updated_by ?? '-'}`,
            },
            {
              title: t('Actions'),
              key: 'actions',
              render: (_, tag) => (
                <Flex gap={8}>
                  <Button size="small" onClick={() => setEditing({ tag })}>
                    {t('Edit')}
                  </Button>
                  <Popconfirm
                    title={t('Delete this help tag?')}
                    okText={t('Delete')}
                    cancelText={t('Cancel')}
                    onConfirm={() => remove.mutateAsync(tag.id)}
                  >
                    <Button size="small" danger>
                      {t('Delete')}
                    </Button>
                  </Popconfirm>
                </Flex>
              ),
            },
          ]}
        />
      </Card>
      <HelpTagDrawer
        open={editing !== null}
        tag={editing?.tag ?? null}
        onClose={() => setEditing(null)}
        onSave={(input) => save.mutateAsync({ id: editing?.tag?.id ?? null, input })}
      />
    </>
  );
}
