import type { OperationRecord } from '@app/contract/admin/logs/operation-record';
import { Flex, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '../../app/document-title';
import { ColumnSettingsButton } from '../../widgets/column-settings/column-settings-button';
import { withColumnVisibility } from '../../widgets/column-settings/column-visibility';
import { useColumnVisibility } from '../../widgets/column-settings/use-column-visibility';
import { DataGrid } from '../../widgets/data-grid/data-grid';
import { SearchWithFilters } from '../../widgets/filter-drawer/search-with-filters';
import { useServerList } from '../../widgets/list-page/use-server-list';
import { Paginator } from '../../widgets/paginator/paginator';
import { adminLogsKey, fetchOperationRecords } from './logs-api';
import { operationRecordColumns } from './operation-record-columns';
import { OperationRecordDrawer } from './operation-record-drawer';
import { operationRecordFilters } from './operation-record-filters';
import './admin-logs.css';

const ROUTE = '/admin/sys-logs/operation-record';

/** `/admin/sys-logs/operation-record`: the audit log of admin mutations; a row opens it in full. */
export function OperationRecordsPage() {
  const { t } = useTranslation();
  const filterConfig = useMemo(() => operationRecordFilters(t), [t]);
  const list = useServerList<OperationRecord>({
    queryKey: [...adminLogsKey, 'operation-records'],
    fetch: fetchOperationRecords,
    filterConfig,
    defaultSort: '-creation_time',
  });
  const columns = useMemo(() => operationRecordColumns(t), [t]);
  const choices = useMemo(
    () =>
      // Only columns with a field can be hidden by the settings (the change summary is computed).
      columns
        .flatMap((c) => (c.field ? [c] : []))
        .map((c) => ({
          field: c.field ?? '',
          title: c.headerName ?? '',
          defaultHidden: c.field === 'user_agent',
        })),
    [columns],
  );
  const { visible } = useColumnVisibility(ROUTE, choices);
  const [opened, setOpened] = useState<OperationRecord | null>(null);

  return (
    <>
      <DocumentTitle title={t('Operation records')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Operation records')}
      </Typography.Title>
      <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 12 }}>
        <SearchWithFilters
          q={list.state.q}
          onSearch={(q) => list.setState({ q })}
          config={filterConfig}
          values={list.state.filters}
          onChange={(filters) => list.setState({ filters })}
          placeholder={t('Search e-mail or action')}
        />
        <ColumnSettingsButton route={ROUTE} columns={choices} />
      </Flex>
      <DataGrid<OperationRecord>
        mode="server"
        rowData={list.data?.items}
        columnDefs={withColumnVisibility(columns, visible)}
        loading={list.isLoading}
        getRowId={(record) => String(record.id)}
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
      <OperationRecordDrawer record={opened} onClose={() => setOpened(null)} />
    </>
  );
}
