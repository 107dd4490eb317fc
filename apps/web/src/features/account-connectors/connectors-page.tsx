import { useQuery } from '@tanstack/react-query';
import { Alert, Flex, Select, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useBasicInfos } from '../../lib/session/basic-infos';
import { DocumentTitle } from '../../widgets/brand/document-title';
import type { ConnectorScope } from '../../widgets/google-connector/google-connector-api';
import { connectorsStatusQuery, teamProjectsQuery } from './connectors-api';
import { ServiceCard } from './service-card';

const TEAM = '';

/**
 * `/account/connectors`: the team's (or one project's, `?project_id=`) Google services. The scope
 * lives in the address, so the route Google returns to (`callback_route`, the full current route)
 * brings the visitor back to the same scope.
 */
export function ConnectorsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const projectId = search.get('project_id') ?? TEAM;
  const scope: ConnectorScope = projectId ? { project_id: projectId } : {};
  const infos = useBasicInfos();
  const status = useQuery(connectorsStatusQuery(scope));
  const projects = useQuery(teamProjectsQuery());
  const data = status.data;
  const teamName = infos.data?.team.name ?? '';

  const scopeOptions = [
    { value: TEAM, label: t('Team: {{name}}', { name: teamName }) },
    ...(projects.data?.items ?? []).map((project) => ({
      value: project.id,
      label: t('Project: {{name}}', { name: project.name }),
    })),
  ];

  return (
    <>
      <DocumentTitle title={t('Connectors')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Connectors')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {/* Only what is offered: Google Ads is named while gads_enable is on. */}
        {data?.gads_enable === false
          ? t(
              'Connect Google Analytics 4 and Search Console: their data is synced every day so the assistant and analyses answer from it.',
            )
          : t(
              'Connect Google Analytics 4, Search Console and Google Ads: their data is synced every day so the assistant and analyses answer from it.',
            )}
      </Typography.Paragraph>
      <Flex vertical gap={16}>
        {scopeOptions.length > 1 || projectId ? (
          <Flex gap={8} align="center">
            <Typography.Text>{t('Connections of')}</Typography.Text>
            <Select
              aria-label={t('Connections of')}
              style={{ minWidth: 260 }}
              value={projectId}
              options={scopeOptions}
              onChange={(value: string) => setSearch(value ? { project_id: value } : {}, { replace: true })}
            />
          </Flex>
        ) : null}
        {data && !data.is_data_owner ? (
          <Alert
            type="info"
            showIcon
            message={t(
              'Only the data owner (the team’s owner) connects, disconnects and chooses what is synced. You can start a sync.',
            )}
          />
        ) : null}
        {status.isLoading ? <Skeleton active /> : null}
        {data?.services
          // Spec section 6: Google Ads is offered only while the global gads_enable is on.
          .filter((service) => service.service !== 'gads' || data.gads_enable)
          .map((service) => (
            <ServiceCard key={service.service} status={service} isOwner={data.is_data_owner} scope={scope} />
          ))}
      </Flex>
    </>
  );
}
