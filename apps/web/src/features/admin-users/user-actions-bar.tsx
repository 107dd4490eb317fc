import { KeyOutlined, LogoutOutlined, SafetyOutlined, StopOutlined, UndoOutlined } from '@ant-design/icons';
import type { AdminUserRow } from '@app/contract/admin/users/user-row';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../lib/format';
import { ConfirmAction } from '../../widgets/confirm-action/confirm-action';
import { BanUserModal } from './ban-user-modal';
import { ChangeRoleModal } from './change-role-modal';
import type { useUserActions } from './use-user-actions';
import { rolesQuery } from './users-api';

interface UserActionsBarProps {
  user: AdminUserRow;
  actions: ReturnType<typeof useUserActions>;
}

/** Change role, ban or unban, end sessions, send a reset link. */
export function UserActionsBar({ user, actions }: UserActionsBarProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const roles = useQuery(rolesQuery);
  const [dialog, setDialog] = useState<'role' | 'ban' | null>(null);
  const close = () => setDialog(null);

  return (
    <Flex wrap gap={8}>
      <Button
        icon={<SafetyOutlined aria-hidden />}
        onClick={() => setDialog('role')}
        // Without the roles list (no permission to read roles) there is nothing to choose from.
        disabled={!roles.data}
      >
        {t('Change role')}
      </Button>
      {user.banned ? (
        <ConfirmAction
          title={t('Lift the ban on {{name}}?', { name: user.username })}
          okText={t('Unban')}
          onConfirm={() =>
            actions.unban
              .mutateAsync()
              .then(() => message.success(t('{{name}} can sign in again', { name: user.username })))
          }
          icon={<UndoOutlined aria-hidden />}
          loading={actions.unban.isPending}
        />
      ) : (
        <Button danger icon={<StopOutlined aria-hidden />} onClick={() => setDialog('ban')}>
          {t('Ban')}
        </Button>
      )}
      <ConfirmAction
        title={t('Sign {{name}} out everywhere?', { name: user.username })}
        description={t('Every session of this user ends now; they can sign in again.')}
        okText={t('Sign out')}
        destructive
        onConfirm={() =>
          actions.signOut
            .mutateAsync()
            .then(({ revoked }) =>
              message.success(t('Sessions ended: {{revoked}}', { revoked: formatCount(revoked) })),
            )
        }
        icon={<LogoutOutlined aria-hidden />}
        loading={actions.signOut.isPending}
      >
        {t('Force sign-out')}
      </ConfirmAction>
      <ConfirmAction
        title={t('E-mail {{name}} a link to set a new password?', { name: user.username })}
        okText={t('Send link')}
        onConfirm={() => actions.resetPassword.mutateAsync()}
        icon={<KeyOutlined aria-hidden />}
        loading={actions.resetPassword.isPending}
      >
        {t('Reset password')}
      </ConfirmAction>

      <ChangeRoleModal
        open={dialog === 'role'}
        username={user.username}
        current={user.role}
        roles={roles.data?.items ?? []}
        saving={actions.setRole.isPending}
        onSave={(role) =>
          actions.setRole.mutate(role, {
            onSuccess: () => {
              close();
              void message.success(t('Role changed'));
            },
          })
        }
        onCancel={close}
      />
      <BanUserModal
        open={dialog === 'ban'}
        username={user.username}
        banning={actions.ban.isPending}
        onBan={(reason) =>
          actions.ban.mutate(reason, {
            onSuccess: () => {
              close();
              void message.success(t('{{name}} is banned', { name: user.username }));
            },
          })
        }
        onCancel={close}
      />
    </Flex>
  );
}
