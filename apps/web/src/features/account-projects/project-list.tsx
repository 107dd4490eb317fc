import { PlusOutlined } from '@ant-design/icons';
import type { Project, ProjectScope } from '@app/contract/account/projects/projects';
import {
  App,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Input,
  Result,
  Row,
  Segmented,
  Skeleton,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { useServerList } from '../../widgets/list-page/use-server-list';
import { NameModal } from '../../widgets/name-modal/name-modal';
import { Paginator } from '../../widgets/paginator/paginator';
import { ProjectCard } from './project-card';
import { projectNameFields } from './project-name-fields';
import { accountProjectsKey, fetchProjects } from './projects-api';
import { type ProjectValues, useProjectActions } from './use-project-actions';

/**
 * `/account/project`: the current team's projects, or those other teams shared with me (`scope`
 * in the URL, with page and search, so the list survives a reload).
 */
export function ProjectList() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [searchParams, setSearchParams] = useSearchParams();
  const scope: ProjectScope = searchParams.get('scope') === 'shared' ? 'shared' : 'team';
  const list = useServerList<Project>({
    queryKey: [...accountProjectsKey, 'list', scope],
    fetch: (query, context) => fetchProjects(scope, query, context),
    defaultSort: '-created_at',
  });
  const actions = useProjectActions();
  const [editing, setEditing] = useState<Project | 'new' | null>(null);
  const close = () => setEditing(null);

  const setScope = (next: ProjectScope) =>
    setSearchParams((params) => {
      const updated = new URLSearchParams(params);
      if (next === 'shared') updated.set('scope', 'shared');
      else updated.delete('scope');
      updated.delete('page');
      return updated;
    });

  const items = list.data?.items ?? [];
  const searching = Boolean(list.state.q);

  return (
    <>
      <DocumentTitle title={t('Projects')} />
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('Projects')}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
          {t('New project')}
        </Button>
      </Flex>
      <Flex wrap gap={8} justify="space-between" style={{ marginBottom: 16 }}>
        <Segmented<ProjectScope>
          value={scope}
          onChange={setScope}
          options={[
            { value: 'team', label: t('This team') },
            { value: 'shared', label: t('Shared with me') },
          ]}
        />
        <Input.Search
          key={scope}
          allowClear
          defaultValue={list.state.q ?? ''}
          placeholder={t('Search projects')}
          aria-label={t('Search projects')}
          style={{ maxWidth: 280 }}
          onSearch={(q) => list.setState({ q })}
        />
      </Flex>

      {list.error ? (
        <Result
          status="error"
          title={t('The projects could not be loaded.')}
          subTitle={list.error.message}
          extra={<Button onClick={() => list.refetch()}>{t('Try again')}</Button>}
        />
      ) : list.isLoading ? (
        <Card>
          <Skeleton active paragraph={{ rows: 3 }} />
        </Card>
      ) : items.length === 0 ? (
        <Card>
          <Empty
            description={
              searching
                ? t('No project matches the search.')
                : scope === 'shared'
                  ? t('No projects of other teams have been shared with you.')
                  : t(
                      'No projects yet. A project groups the connectors, AI tables and analyses of one piece of work.',
                    )
            }
          >
            {scope === 'team' && !searching ? (
              <Button type="primary" onClick={() => setEditing('new')}>
                {t('Create the first project')}
              </Button>
            ) : null}
          </Empty>
        </Card>
      ) : (
        <>
          <Row gutter={[16, 16]}>
            {items.map((project) => (
              <Col key={project.id} xs={24} md={12}>
                <ProjectCard
                  project={project}
                  showTeam={scope === 'shared'}
                  onEdit={setEditing}
                  onDelete={(target) =>
                    actions.remove
                      .mutateAsync(target.id)
                      .then(() => message.success(t('{{name}} was deleted', { name: target.name })))
                  }
                />
              </Col>
            ))}
          </Row>
          {list.data && list.data.total > list.state.pageSize ? (
            <div style={{ marginTop: 16 }}>
              <Paginator
                total={list.data.total}
                page={list.state.page}
                pageSize={list.state.pageSize}
                onChange={(page, pageSize) => list.setState({ page, pageSize })}
              />
            </div>
          ) : null}
        </>
      )}

      <NameModal<ProjectValues>
        open={editing !== null}
        title={editing === 'new' ? t('New project') : t('Edit project')}
        okText={editing === 'new' ? t('Create') : t('Save')}
        {...projectNameFields(t)}
        initialValues={
          editing && editing !== 'new'
            ? { name: editing.name, description: editing.description }
            : { name: '', description: '' }
        }
        onClose={close}
        onSave={async (values) => {
          if (editing === 'new') {
            const { project } = await actions.create.mutateAsync(values);
            message.success(t('{{name}} was created', { name: project.name }));
          } else if (editing) {
            await actions.update.mutateAsync({ id: editing.id, values });
            message.success(t('Project saved'));
          }
        }}
      />
    </>
  );
}
