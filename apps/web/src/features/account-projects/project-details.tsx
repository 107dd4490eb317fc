import { ArrowLeftOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Flex, Result, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../lib/api/api-error';
import { formatDate } from '../../lib/format';
import { projectRoleLabel } from '../../lib/labels/team-labels';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { ConfirmAction } from '../../widgets/confirm-action/confirm-action';
import { NameModal } from '../../widgets/name-modal/name-modal';
import { ProjectMembersCard } from './project-members-card';
import { projectNameFields } from './project-name-fields';
import { projectQuery } from './projects-api';
import { type ProjectValues, useProjectActions } from './use-project-actions';

function BackToProjects() {
  const { t } = useTranslation();
  return (
    <Link to="/account/project" style={{ display: 'inline-flex', gap: 6, marginBottom: 12 }}>
      <ArrowLeftOutlined aria-hidden />
      {t('Back to projects')}
    </Link>
  );
}

/**
 * `/account/project/:id`: one project, its members and invites. A project the user cannot reach
 * (another team's, one of their teams they are not working in now, or no such id) is not found.
 */
export function ProjectDetails({ id }: { id: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const details = useQuery(projectQuery(id));
  const actions = useProjectActions();
  const [editing, setEditing] = useState(false);

  if (details.isError) {
    const missing = isApiError(details.error) && details.error.code === 'NOT_FOUND';
    return (
      <>
        <DocumentTitle title={missing ? t('Project not found') : t('Projects')} />
        <Result
          status={missing ? '404' : 'error'}
          title={missing ? t('Project not found') : t('The project could not be loaded.')}
          subTitle={
            missing
              ? t('It may have been deleted, or it belongs to a team you are not working in now.')
              : details.error.message
          }
          extra={
            <Link to="/account/project">
              <Button type="primary">{t('Back to projects')}</Button>
            </Link>
          }
        />
      </>
    );
  }

  const project = details.data?.project;
  if (!project) {
    return (
      <>
        <BackToProjects />
        <Card>
          <Skeleton active paragraph={{ rows: 4 }} />
        </Card>
      </>
    );
  }

  return (
    <>
      <DocumentTitle title={project.name} />
      <BackToProjects />
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {project.name}
        </Typography.Title>
        <Flex gap={8} wrap>
          {project.can_manage ? (
            <Button icon={<EditOutlined aria-hidden />} onClick={() => setEditing(true)}>
              {t('Edit')}
            </Button>
          ) : null}
          {project.can_delete ? (
            <ConfirmAction
              title={t('Delete the project {{name}}?', { name: project.name })}
              description={t('Its members and invites are removed. This cannot be undone.')}
              okText={t('Delete')}
              destructive
              onConfirm={() =>
                actions.remove.mutateAsync(project.id).then(() => {
                  message.success(t('{{name}} was deleted', { name: project.name }));
                  navigate('/account/project', { replace: true });
                })
              }
              danger
              icon={<DeleteOutlined aria-hidden />}
              loading={actions.remove.isPending}
            />
          ) : null}
        </Flex>
      </Flex>
      <Flex vertical gap={16}>
        <Card title={t('Details')}>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={[
              {
                key: 'description',
                label: t('Description'),
                span: 'filled',
                children: (
                  <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>
                    {project.description || t('No description')}
                  </Typography.Paragraph>
                ),
              },
              {
                key: 'team',
                label: t('Team'),
                children: (
                  <span>
                    {project.team_name} {project.guest ? <Tag color="gold">{t('Guest')}</Tag> : null}
                  </span>
                ),
              },
              {
                key: 'role',
                label: t('Your role'),
                children: project.my_role ? projectRoleLabel(project.my_role, t) : t('Team manager'),
              },
              { key: 'members', label: t('Members'), children: project.members_count },
              { key: 'created', label: t('Created'), children: formatDate(project.created_at) },
              { key: 'updated', label: t('Updated'), children: formatDate(project.updated_at) },
            ]}
          />
        </Card>
        <ProjectMembersCard project={project} actions={actions} />
      </Flex>
      <NameModal<ProjectValues>
        open={editing}
        title={t('Edit project')}
        okText={t('Save')}
        {...projectNameFields(t)}
        initialValues={{ name: project.name, description: project.description }}
        onClose={() => setEditing(false)}
        onSave={async (values) => {
          await actions.update.mutateAsync({ id: project.id, values });
          message.success(t('Project saved'));
        }}
      />
    </>
  );
}
