import type { OperationRecord } from '@app/contract/admin/logs/operation-record';
import { Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { ServerListView } from '../../widgets/list-page/server-list-view';
import { useServerList } from '../../widgets/list-page/use-server-list';
import { adminLogsKey, fetchOperationRecords } from './logs-api';
import { operationRecordColumns } from './operation-record-columns';
import { OperationRecordDrawer } from './operation-record-drawer';
import { operationRecordFilters } from './operation-record-filters';
import './admin-logs.css';

const ROUTE = '/admin/sys-logs/operation-record';

/** `/admin/sys-logs/operation-record`: the audit log of admin mutations; a row opens it in full. */
/** The browser string is long and rarely needed: shown when asked for. */
const HIDDEN_AT_FIRST = ['user_agent'];

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
  const [opened, setOpened] = useState<OperationRecord | null>(null);

  return (
    <>
      <DocumentTitle title={t('Operation records')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Operation records')}
      </Typography.Title>
      <ServerListView<OperationRecord>
        list={list}
        filterConfig={filterConfig}
        searchPlaceholder={t('Search e-mail or action')}
        columnDefs={columns}
        columnSettings={{ route: ROUTE, defaultHidden: HIDDEN_AT_FIRST }}
        getRowId={(record) => String(record.id)}
        onRowClicked={setOpened}
      />
      <OperationRecordDrawer record={opened} onClose={() => setOpened(null)} />
    </>
  );
}
