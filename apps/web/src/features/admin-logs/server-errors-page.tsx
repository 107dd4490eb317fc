import { serverErrorListFields } from '@app/contract/admin/logs/list-server-errors';
import { Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { filterConfigFrom } from '../../widgets/filter-drawer/filter-config-from-fields';
import { ServerListView } from '../../widgets/list-page/server-list-view';
import { useServerList } from '../../widgets/list-page/use-server-list';
import { adminLogsKey, fetchServerErrors } from './logs-api';
import { serverErrorColumns } from './server-error-columns';
import { type ServerError, ServerErrorDrawer } from './server-error-drawer';
import './admin-logs.css';

/** `/admin/sys-logs/server-error`: unhandled errors; `?q=<req_id>` finds the one a user reported. */
export function ServerErrorsPage() {
  const { t } = useTranslation();
  const filterConfig = useMemo(
    () => filterConfigFrom(serverErrorListFields, { creation_time: { alias: t('Time') } }),
    [t],
  );
  const list = useServerList<ServerError>({
    queryKey: [...adminLogsKey, 'server-errors'],
    fetch: fetchServerErrors,
    filterConfig,
    defaultSort: '-creation_time',
  });
  const columns = useMemo(() => serverErrorColumns(t), [t]);
  const [opened, setOpened] = useState<ServerError | null>(null);

  // Arriving with a request id (from the dashboard, or pasted from a user's report) opens that error.
  const only = list.data?.items.length === 1 ? list.data.items[0] : undefined;
  const searched = list.state.q;
  useEffect(() => {
    if (only && only.req_id === searched) setOpened(only);
  }, [only, searched]);

  return (
    <>
      <DocumentTitle title={t('Server errors')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Server errors')}
      </Typography.Title>
      <ServerListView<ServerError>
        list={list}
        filterConfig={filterConfig}
        searchPlaceholder={t('Search request ID or message')}
        columnDefs={columns}
        getRowId={(error) => String(error.id)}
        onRowClicked={setOpened}
      />
      <ServerErrorDrawer error={opened} onClose={() => setOpened(null)} />
    </>
  );
}
