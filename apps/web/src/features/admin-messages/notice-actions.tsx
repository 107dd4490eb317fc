import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { AdminNotice } from '@app/contract/messages/notices';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../widgets/confirm-action/confirm-action';

interface NoticeActionsProps {
  notice: AdminNotice;
  onEdit: (notice: AdminNotice) => void;
  onDelete: (notice: AdminNotice) => Promise<unknown>;
}

/** Edit and withdraw, in the notice's row. */
export function NoticeActions({ notice, onEdit, onDelete }: NoticeActionsProps) {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      <Button
        size="small"
        type="link"
        icon={<EditOutlined aria-hidden />}
        onClick={() => onEdit(notice)}
        aria-label={t('Edit {{title}}', { title: notice.title })}
      >
        {t('Edit')}
      </Button>
      <ConfirmAction
        title={t('Delete the notice "{{title}}"?', { title: notice.title })}
        description={t('Users stop seeing it at once.')}
        okText={t('Delete')}
        destructive
        onConfirm={() => onDelete(notice)}
        size="small"
        type="link"
        danger
        icon={<DeleteOutlined aria-hidden />}
        aria-label={t('Delete {{title}}', { title: notice.title })}
      />
    </Space>
  );
}
