import { PlusOutlined } from '@ant-design/icons';
import type { AdminNotice } from '@app/contract/messages/notices';
import { App, Button, Flex, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { ServerListView } from '../../widgets/list-page/server-list-view';
import { useServerList } from '../../widgets/list-page/use-server-list';
import { fetchNotices, noticesKey, useNoticeMutations } from './messages-api';
import { noticeColumns } from './notice-columns';
import { noticeFilters } from './notice-filters';
import { NoticeFormModal } from './notice-form-modal';

/** `/admin/msg/notice`: broadcast notices with their window and pop-up; publish, change, withdraw. */
export function NoticesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const filterConfig = useMemo(() => noticeFilters(t), [t]);
  const list = useServerList<AdminNotice>({
    queryKey: [...noticesKey, 'list'],
    fetch: fetchNotices,
    filterConfig,
    defaultSort: '-creation_time',
  });
  const { save, remove } = useNoticeMutations();
  // `null`: no dialog; `{}`: a new notice.
  const [editing, setEditing] = useState<{ notice?: AdminNotice } | null>(null);
  const { mutateAsync: removeNotice } = remove;
  const columns = useMemo(
    () =>
      noticeColumns(t, {
        onEdit: (notice) => setEditing({ notice }),
        onDelete: (notice) =>
          removeNotice(notice.id).then(() => message.success(t('The notice was deleted'))),
      }),
    [t, removeNotice, message],
  );

  return (
    <>
      <DocumentTitle title={t('Notices')} />
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('Notices')}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({})}>
          {t('New notice')}
        </Button>
      </Flex>
      <ServerListView<AdminNotice>
        list={list}
        filterConfig={filterConfig}
        searchPlaceholder={t('Search title or text')}
        columnDefs={columns}
        getRowId={(notice) => notice.id}
      />
      <NoticeFormModal
        // A fresh form per notice, so one notice's values never show in another's dialog.
        key={editing?.notice?.id ?? 'new'}
        open={editing !== null}
        notice={editing?.notice}
        saving={save.isPending}
        onSave={async (body) => {
          await save.mutateAsync({ id: editing?.notice?.id, body });
          message.success(editing?.notice ? t('The notice was saved') : t('The notice was published'));
        }}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
