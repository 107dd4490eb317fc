import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../widgets/confirm-action/confirm-action';
import type { Role } from './roles-api';

interface RoleActionsProps {
  role: Role;
  onRename: (role: Role) => void;
  onDelete: (role: Role) => Promise<unknown>;
}

/** Rename and delete, in the role's row. Seeded roles stay; the server says why a role cannot go. */
export function RoleActions({ role, onRename, onDelete }: RoleActionsProps) {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      <Button
        size="small"
        type="link"
        icon={<EditOutlined aria-hidden />}
        onClick={() => onRename(role)}
        aria-label={t('Rename {{name}}', { name: role.name })}
      >
        {t('Rename')}
      </Button>
      {role.is_system ? (
        <Tooltip title={t('Seeded roles cannot be deleted')}>
          <Button size="small" type="link" danger icon={<DeleteOutlined aria-hidden />} disabled>
            {t('Delete')}
          </Button>
        </Tooltip>
      ) : (
        <ConfirmAction
          title={t('Delete the role {{name}}?', { name: role.name })}
          description={
            role.users_count > 0
              ? t('{{count}} users still hold it.', {
                  count: role.users_count,
                  defaultValue_one: '{{count}} user still holds it.',
                })
              : undefined
          }
          okText={t('Delete')}
          destructive
          onConfirm={() => onDelete(role)}
          size="small"
          type="link"
          danger
          icon={<DeleteOutlined aria-hidden />}
          aria-label={t('Delete {{name}}', { name: role.name })}
        />
      )}
    </Space>
  );
}
