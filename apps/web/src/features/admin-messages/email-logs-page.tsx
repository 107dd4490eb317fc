import type { EmailLog } from '@app/contract/messages/email-logs';
import { Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { ServerListView } from '../../widgets/list-page/server-list-view';
import { useServerList } from '../../widgets/list-page/use-server-list';
import { emailLogColumns } from './email-log-columns';
import { EmailLogDrawer } from './email-log-drawer';
import { emailLogFilters } from './email-log-filters';
import { emailLogsKey, fetchEmailLogs } from './messages-api';

/** `/admin/msg/email-logs`: every e-mail the product tried to send, its status and error; resend. */
export function EmailLogsPage() {
  const { t } = useTranslation();
  const filterConfig = useMemo(() => emailLogFilters(t), [t]);
  const list = useServerList<EmailLog>({
    queryKey: [...emailLogsKey, 'list'],
    fetch: fetchEmailLogs,
    filterConfig,
    defaultSort: '-creation_time',
  });
  const columns = useMemo(() => emailLogColumns(t), [t]);
  const [opened, setOpened] = useState<EmailLog | null>(null);

  return (
    <>
      <DocumentTitle title={t('E-mail logs')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('E-mail logs')}
      </Typography.Title>
      <ServerListView<EmailLog>
        list={list}
        filterConfig={filterConfig}
        searchPlaceholder={t('Search recipient or subject')}
        columnDefs={columns}
        getRowId={(log) => log.id}
        onRowClicked={setOpened}
      />
      <EmailLogDrawer log={opened} onResent={setOpened} onClose={() => setOpened(null)} />
    </>
  );
}
