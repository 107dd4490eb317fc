import { Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '../../app/document-title';
import { DataGrid } from '../../widgets/data-grid/data-grid';
import type { FilterConfig } from '../../widgets/filter-drawer/filter-types';
import { SearchWithFilters } from '../../widgets/filter-drawer/search-with-filters';
import { useServerList } from '../../widgets/list-page/use-server-list';
import { Paginator } from '../../widgets/paginator/paginator';
import { adminLogsKey, fetchServerErrors } from './logs-api';
import { serverErrorColumns } from './server-error-columns';
import { type ServerError, ServerErrorDrawer } from './server-error-drawer';
import './admin-logs.css';

/** `/admin/sys-logs/server-error`: unhandled errors; `?q=<req_id>` finds the one a user reported. */
export function ServerErrorsPage() {
  const { t } = useTranslation();
  const filterConfig = useMemo<FilterConfig>(
    () => ({ creation_time: { alias: t('Time'), type: 'range' } }),
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
      <div style={{ marginBottom: 12 }}>
        <SearchWithFilters
          q={list.state.q}
          onSearch={(q) => list.setState({ q })}
          config={filterConfig}
          values={list.state.filters}
          onChange={(filters) => list.setState({ filters })}
          placeholder={t('Search request ID or message')}
        />
      </div>
      <DataGrid<ServerError>
        mode="server"
        rowData={list.data?.items}
        columnDefs={columns}
        loading={list.isLoading}
        getRowId={(error) => String(error.id)}
        onRowClicked={setOpened}
        sort={list.state.sort}
        onSortChange={(sort) => list.setState({ sort })}
      />
      <Paginator
        total={list.data?.total ?? 0}
        page={list.state.page}
        pageSize={list.state.pageSize}
        onChange={(page, pageSize) => list.setState({ page, pageSize })}
      />
      <ServerErrorDrawer error={opened} onClose={() => setOpened(null)} />
    </>
  );
}
