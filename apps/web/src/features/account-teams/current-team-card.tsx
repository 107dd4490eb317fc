import { DeleteOutlined, EditOutlined, LogoutOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import type { TeamMember } from '@app/contract/account/teams/team-members';
import type { MyTeam } from '@app/contract/account/teams/teams';
import { App, Button, Card, Checkbox, Descriptions, Flex, Form, Tag, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMATS, formatDate } from '../../lib/format';
import { teamRoleLabel } from '../../lib/labels/team-labels';
import { ConfirmAction } from '../../widgets/confirm-action/confirm-action';
import { NameModal } from '../../widgets/name-modal/name-modal';
import { teamRights } from './team-roles';
import { TeamSwitcher } from './team-switcher';
import { TransferOwnershipModal } from './transfer-ownership-modal';
import type { TeamActions } from './use-team-actions';

interface CurrentTeamCardProps {
  team: MyTeam;
  teams: MyTeam[];
  members: TeamMember[];
  actions: TeamActions;
}

interface NewTeamValues {
  name: string;
  /** Work in the new team straight away. */
  switchTo: boolean;
}

/** The team name field; 60 is the contract's `zTeamName` limit. */
const teamName = (t: (text: string) => string) => ({
  label: t('Team name'),
  requiredMessage: t('Enter a team name'),
  maxLength: 60,
});

/** A refusal was already shown by the error catalogue; the confirm only has to close. */
const ignore = () => undefined;

/** The team the user works in, the switcher to the others, and what their role lets them do to it. */
export function CurrentTeamCard({ team, teams, members, actions }: CurrentTeamCardProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [dialog, setDialog] = useState<'create' | 'rename' | 'transfer' | null>(null);
  const close = () => setDialog(null);
  const rights = teamRights(team.role, team.personal);
  const personalNoteId = useId();

  const switchTo = (target: MyTeam) =>
    actions.switchTo
      .mutateAsync(target.id)
      .then(() => message.success(t('You now work in {{team}}', { team: target.name })), ignore);

  return (
    <Card
      title={t('Current team')}
      extra={
        <Button icon={<PlusOutlined aria-hidden />} onClick={() => setDialog('create')}>
          {t('New team')}
        </Button>
      }
    >
      <TeamSwitcher
        teams={teams}
        currentId={team.id}
        switching={actions.switchTo.isPending}
        onSwitch={switchTo}
      />
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          {
            key: 'name',
            label: t('Team name'),
            children: (
              <span>
                {team.name} {team.personal ? <Tag>{t('Personal team')}</Tag> : null}
              </span>
            ),
          },
          { key: 'role', label: t('Your role'), children: teamRoleLabel(team.role, t) },
          { key: 'members', label: t('Members'), children: team.members_count },
          { key: 'created', label: t('Created'), children: formatDate(team.created_at, DATE_FORMATS.date) },
        ]}
      />
      <Flex wrap gap={8} style={{ marginTop: 16 }}>
        {rights.rename ? (
          <Button icon={<EditOutlined aria-hidden />} onClick={() => setDialog('rename')}>
            {t('Rename team')}
          </Button>
        ) : null}
        {rights.transfer ? (
          <Button icon={<SwapOutlined aria-hidden />} onClick={() => setDialog('transfer')}>
            {t('Transfer ownership')}
          </Button>
        ) : null}
        {rights.leave ? (
          <ConfirmAction
            title={t('Leave {{team}}?', { team: team.name })}
            description={t('You lose access to its projects and data until someone invites you again.')}
            okText={t('Leave')}
            destructive
            onConfirm={() =>
              actions.leave
                .mutateAsync()
                .then(() => message.success(t('You left {{team}}', { team: team.name })))
            }
            danger
            icon={<LogoutOutlined aria-hidden />}
            loading={actions.leave.isPending}
          >
            {t('Leave team')}
          </ConfirmAction>
        ) : null}
        {rights.delete && team.personal ? (
          <Button danger icon={<DeleteOutlined aria-hidden />} disabled aria-describedby={personalNoteId}>
            {t('Delete team')}
          </Button>
        ) : null}
        {rights.delete && !team.personal ? (
          <ConfirmAction
            title={t('Delete {{team}}?', { team: team.name })}
            description={t(
              'Its projects, invites, brand profile and files are deleted for every member. This cannot be undone.',
            )}
            okText={t('Delete')}
            destructive
            onConfirm={() =>
              actions.remove
                .mutateAsync()
                .then(() => message.success(t('{{team}} was deleted', { team: team.name })))
            }
            danger
            icon={<DeleteOutlined aria-hidden />}
            loading={actions.remove.isPending}
          >
            {t('Delete team')}
          </ConfirmAction>
        ) : null}
      </Flex>
      {rights.delete && team.personal ? (
        <Typography.Paragraph id={personalNoteId} type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {t('Your personal team cannot be deleted or transferred: it is where your own plan and data live.')}
        </Typography.Paragraph>
      ) : null}

      <NameModal<NewTeamValues>
        open={dialog === 'create'}
        title={t('New team')}
        okText={t('Create')}
        {...teamName(t)}
        initialValues={{ name: '', switchTo: true }}
        onClose={close}
        onSave={async ({ name, switchTo: andSwitch }) => {
          const { team: created } = await actions.create.mutateAsync(name);
          message.success(t('{{team}} was created', { team: created.name }));
          // Creating a team does not make it the current one by itself.
          if (andSwitch) await switchTo(created);
        }}
      >
        <Form.Item name="switchTo" valuePropName="checked">
          <Checkbox>{t('Switch to the new team now')}</Checkbox>
        </Form.Item>
      </NameModal>
      <NameModal
        open={dialog === 'rename'}
        title={t('Rename team')}
        okText={t('Save')}
        {...teamName(t)}
        initialValues={{ name: team.name }}
        onClose={close}
        onSave={async ({ name }) => {
          await actions.rename.mutateAsync(name);
          message.success(t('Team renamed'));
        }}
      />
      <TransferOwnershipModal
        open={dialog === 'transfer'}
        teamName={team.name}
        members={members}
        transferring={actions.transfer.isPending}
        onClose={close}
        onTransfer={(userId) =>
          actions.transfer.mutateAsync(userId).then(() => message.success(t('Ownership transferred')))
        }
      />
    </Card>
  );
}
