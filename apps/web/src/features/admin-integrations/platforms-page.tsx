import type { AdminBinding } from '@app/contract/connectors/admin-platforms';
import { GOOGLE_SERVICE_LABELS } from '@app/contract/connectors/google-services';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBasicInfos } from '../../lib/session/basic-infos';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { GoogleConnector } from '../../widgets/google-connector/google-connector';
import { useGoogleConnect } from '../../widgets/google-connector/use-google-connect';
import { ServerListView } from '../../widgets/list-page/server-list-view';
import { useServerList } from '../../widgets/list-page/use-server-list';
import { bindingColumns } from './binding-columns';
import { bindingFilters } from './binding-filters';
import { fetchBindings, integrationsKey, platformsQuery } from './integrations-api';
import { PlatformCard } from './platform-card';

/**
 * `/admin/integ-3rd-platform/platforms`: each Google platform (configuration, switch, scopes,
 * teams bound, last errors), the platform's own account bound through the admin variants, and
 * every team's bindings, each revocable (confirm, revoke, reload: spec section 4).
 */
export function PlatformsPage() {
  const { t } = useTranslation();
  const platforms = useQuery(platformsQuery());
  const infos = useBasicInfos();
  const filterConfig = useMemo(() => bindingFilters(t), [t]);
  const list = useServerList<AdminBinding>({
    queryKey: [...integrationsKey, 'bindings'],
    fetch: fetchBindings,
    filterConfig,
    defaultSort: '-bound_at',
  });
  const { disconnect } = useGoogleConnect(true);
  // The grid keeps its columns while the page re-renders; the revoke reads the latest hook.
  const revoke = useRef(disconnect);
  revoke.current = disconnect;
  const columns = useMemo(
    () =>
      bindingColumns(t, (binding) =>
        revoke.current(binding.service, t(GOOGLE_SERVICE_LABELS[binding.service]), {
          in: binding.project_id ? { project_id: binding.project_id } : { team_id: binding.team_id },
        }),
      ),
    [t],
  );
  const adsOffered = platforms.data?.items.find((item) => item.platform === 'gads')?.enabled ?? false;
  const teamId = infos.data?.team.id;

  return (
    <>
      <DocumentTitle title={t('Platforms')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Platforms')}
      </Typography.Title>
      <Flex vertical gap={16}>
        {platforms.isLoading ? <Skeleton active /> : null}
        {platforms.data?.items.length === 0 ? <Empty /> : null}
        {platforms.data?.items.map((platform) => (
          <PlatformCard key={platform.platform} platform={platform} />
        ))}
        <Card title={t('The platform’s own account')}>
          <Typography.Paragraph type="secondary">
            {t('Google accounts bound to your current team through the admin console.')}
          </Typography.Paragraph>
          {teamId && platforms.data ? (
            <GoogleConnector admin scope={{ team_id: teamId }} gadsEnable={adsOffered} />
          ) : (
            <Skeleton active paragraph={{ rows: 2 }} />
          )}
        </Card>
        <Card title={t('Bindings of every team')}>
          <ServerListView<AdminBinding>
            list={list}
            filterConfig={filterConfig}
            searchPlaceholder={t('Search team name or account e-mail')}
            columnDefs={columns}
            getRowId={(binding) => binding.id}
          />
        </Card>
      </Flex>
    </>
  );
}
