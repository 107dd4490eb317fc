import { DeleteOutlined } from '@ant-design/icons';
import type { PendingInvite } from '@app/contract/account/teams/invite';
import { Table, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DATE_FORMATS, formatDate } from '../../lib/format';
import { ConfirmAction } from '../confirm-action/confirm-action';

interface PendingInvitesTableProps {
  invites: PendingInvite[];
  roleLabel: (role: PendingInvite['role']) => string;
  /** Null when the viewer may not revoke: the column is then left out. */
  onRevoke: ((invite: PendingInvite) => Promise<unknown>) | null;
}

/** Invites not yet accepted, expired ones marked; a team's and a project's list look alike. */
export function PendingInvitesTable({ invites, roleLabel, onRevoke }: PendingInvitesTableProps) {
  const { t } = useTranslation();
  const columns: TableColumnsType<PendingInvite> = [
    { title: t('E-mail'), dataIndex: 'email', key: 'email', ellipsis: true },
    {
      title: t('Role'),
      dataIndex: 'role',
      key: 'role',
      render: (role: PendingInvite['role']) => roleLabel(role),
    },
    {
      title: t('Invited by'),
      dataIndex: 'invited_by_name',
      key: 'invited_by',
      render: (name: string | null) => name ?? '',
    },
    {
      title: t('Expires'),
      dataIndex: 'expires_at',
      key: 'expires',
      render: (expires: number, invite) => (
        <>
          {formatDate(expires, DATE_FORMATS.date)}{' '}
          {invite.state === 'expired' ? <Tag color="default">{t('Expired')}</Tag> : null}
        </>
      ),
    },
  ];
  if (onRevoke) {
    columns.push({
      title: t('Actions'),
      key: 'actions',
      align: 'right',
      render: (_, invite) => (
        <ConfirmAction
          title={t('Revoke the invite to {{email}}?', { email: invite.email })}
          description={t('The link stops working at once.')}
          okText={t('Revoke')}
          destructive
          onConfirm={() => onRevoke(invite)}
          size="small"
          type="link"
          danger
          icon={<DeleteOutlined aria-hidden />}
          aria-label={t('Revoke the invite to {{email}}', { email: invite.email })}
        />
      ),
    });
  }
  return (
    <Table<PendingInvite>
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={invites}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('No pending invites. Invite someone by e-mail to work together.') }}
    />
  );
}
