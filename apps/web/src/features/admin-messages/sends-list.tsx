import { messageSendListFields } from '@app/contract/messages/send';
import { Card } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { filterConfigFrom } from '../../widgets/filter-drawer/filter-config-from-fields';
import { ServerListView } from '../../widgets/list-page/server-list-view';
import { useServerList } from '../../widgets/list-page/use-server-list';
import { levelChoices } from './message-levels';
import { fetchSends, sendsKey } from './messages-api';
import { type MessageSend, sendColumns } from './send-columns';

/** Messages admins sent, newest first: who they went to, by which channels, how many they reached. */
export function SendsList() {
  const { t } = useTranslation();
  const filterConfig = useMemo(
    () =>
      filterConfigFrom(messageSendListFields, {
        level: {
          alias: t('Level'),
          options: levelChoices(t).map(({ value, label }) => ({ name: label, value })),
        },
        creation_time: { alias: t('Sent') },
      }),
    [t],
  );
  const list = useServerList<MessageSend>({
    queryKey: [...sendsKey, 'list'],
    fetch: fetchSends,
    filterConfig,
    defaultSort: '-creation_time',
  });
  const columns = useMemo(() => sendColumns(t), [t]);

  return (
    <Card title={t('Sent messages')}>
      <ServerListView<MessageSend>
        list={list}
        filterConfig={filterConfig}
        searchPlaceholder={t('Search title or text')}
        columnDefs={columns}
        getRowId={(send) => send.id}
      />
    </Card>
  );
}
