import { DeleteOutlined, EditOutlined, TeamOutlined } from '@ant-design/icons';
import type { Project } from '@app/contract/account/projects/projects';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DATE_FORMATS, formatDate } from '../../lib/format';
import { projectRoleLabel } from '../../lib/labels/team-labels';
import { ConfirmAction } from '../../widgets/confirm-action/confirm-action';

interface ProjectCardProps {
  project: Project;
  /** Show which team it belongs to (projects shared from other teams). */
  showTeam: boolean;
  onEdit: (project: Project) => void;
  onDelete: (project: Project) => Promise<unknown>;
}

/** One project in the list; edit and delete appear only where the server says the viewer may. */
export function ProjectCard({ project, showTeam, onEdit, onDelete }: ProjectCardProps) {
  const { t } = useTranslation();
  const actions = [];
  if (project.can_manage) {
    actions.push(
      <Button
        key="edit"
        type="text"
        size="small"
        icon={<EditOutlined aria-hidden />}
        onClick={() => onEdit(project)}
        aria-label={t('Edit {{name}}', { name: project.name })}
      >
        {t('Edit')}
      </Button>,
    );
  }
  if (project.can_delete) {
    actions.push(
      <ConfirmAction
        key="delete"
        title={t('Delete the project {{name}}?', { name: project.name })}
        description={t('Its members and invites are removed. This cannot be undone.')}
        okText={t('Delete')}
        destructive
        onConfirm={() => onDelete(project)}
        type="text"
        size="small"
        danger
        icon={<DeleteOutlined aria-hidden />}
        aria-label={t('Delete {{name}}', { name: project.name })}
      />,
    );
  }

  return (
    <Card size="small" style={{ height: '100%' }} actions={actions.length > 0 ? actions : undefined}>
      <Flex vertical gap={6}>
        <Flex gap={8} align="center" wrap>
          <Link to={`/account/project/${encodeURIComponent(project.id)}`} style={{ fontWeight: 600 }}>
            {project.name}
          </Link>
          {project.my_role ? <Tag>{projectRoleLabel(project.my_role, t)}</Tag> : null}
          {project.guest ? <Tag color="gold">{t('Guest')}</Tag> : null}
        </Flex>
        <Typography.Paragraph
          type="secondary"
          ellipsis={{ rows: 2 }}
          style={{ marginBottom: 0, minHeight: 44 }}
        >
          {project.description || t('No description')}
        </Typography.Paragraph>
        <Flex gap={12} wrap>
          <Typography.Text type="secondary">
            <TeamOutlined aria-hidden />{' '}
            {t('{{count}} members', { count: project.members_count, defaultValue_one: '{{count}} member' })}
          </Typography.Text>
          <Typography.Text type="secondary">
            {t('Created {{date}}', { date: formatDate(project.created_at, DATE_FORMATS.date) })}
          </Typography.Text>
          {showTeam ? <Typography.Text type="secondary">{project.team_name}</Typography.Text> : null}
        </Flex>
      </Flex>
    </Card>
  );
}
