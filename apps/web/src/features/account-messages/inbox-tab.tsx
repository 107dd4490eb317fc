import { CheckOutlined } from '@ant-design/icons';
import type { InboxMessage } from '@app/contract/messages/inbox';
import { Alert, App, Button, Card, Empty, Flex, Segmented, Skeleton } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useBasicInfos } from '../../lib/session/basic-infos';
import { SearchWithFilters } from '../../widgets/filter-drawer/search-with-filters';
import { useServerList } from '../../widgets/list-page/use-server-list';
import { Paginator } from '../../widgets/paginator/paginator';
import {
  inboxDrawerFilters,
  inboxListFilters,
  type ReadChoice,
  readChoiceOf,
  withReadChoice,
} from './inbox-filters';
import { MessageEntry } from './message-entry';
import { messageLinkTarget } from './message-link';
import { fetchInboxMessages, inboxListKey } from './messages-api';
import { useMarkMessagesRead } from './use-mark-messages-read';
import { useOpenMessage } from './use-open-message';
import { useRefreshOnUnreadChange } from './use-refresh-on-unread-change';
import './messages-page.css';

/** Every message of the user, newest first, paged by the server; opening one marks it read. */
export function InboxTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const drawerFilters = useMemo(() => inboxDrawerFilters(t), [t]);
  const listFilters = useMemo(() => inboxListFilters(t), [t]);
  const list = useServerList<InboxMessage>({
    queryKey: inboxListKey,
    fetch: fetchInboxMessages,
    filterConfig: listFilters,
  });
  useRefreshOnUnreadChange();
  const { markAllRead } = useMarkMessagesRead();
  const openMessage = useOpenMessage();
  // Basic infos follow the user's stream, so the count is live.
  const unreadTotal = useBasicInfos().data?.msgs_unread.total ?? 0;
  const readChoice = readChoiceOf(list.state.filters);
  const filtered = Boolean(list.state.q) || Object.keys(list.state.filters).length > 0;

  const markAll = () =>
    markAllRead.mutate(undefined, { onSuccess: () => void message.success(t('All messages marked read')) });

  const items = list.data?.items ?? [];
  let body: ReactNode;
  if (list.isLoading) {
    body = <Skeleton active paragraph={{ rows: 4 }} style={{ padding: 12 }} />;
  } else if (list.error && !list.data) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('Your messages could not be loaded.')}
        action={
          <Button size="small" onClick={list.refetch}>
            {t('Retry')}
          </Button>
        }
      />
    );
  } else if (items.length === 0) {
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          readChoice === 'unread' && !list.state.q
            ? t('No unread messages')
            : filtered
              ? t('No messages match this search and these filters.')
              : t('No messages yet. News from the team and the service will appear here.')
        }
      />
    );
  } else {
    body = (
      <ul className="message-entries" aria-busy={list.isFetching}>
        {items.map((item) => (
          <MessageEntry
            key={item.id}
            message={item}
            unread={!item.read}
            email={item.email}
            hasLink={messageLinkTarget(item.link) !== null}
            // A read message that leads nowhere has nothing left to do when clicked.
            onOpen={!item.read || messageLinkTarget(item.link) ? () => openMessage.open(item) : undefined}
          />
        ))}
      </ul>
    );
  }

  return (
    <Flex vertical gap={12}>
      <div className="inbox-toolbar">
        <Segmented<ReadChoice>
          value={readChoice}
          onChange={(choice) => list.setState({ filters: withReadChoice(list.state.filters, choice) })}
          options={[
            { label: t('All'), value: 'all' },
            { label: t('Unread'), value: 'unread' },
            { label: t('Read'), value: 'read' },
          ]}
        />
        <SearchWithFilters
          q={list.state.q}
          onSearch={(q) => list.setState({ q })}
          config={drawerFilters}
          values={list.state.filters}
          // The drawer knows only its own fields: the read state above the list is kept.
          onChange={(filters) => list.setState({ filters: withReadChoice(filters, readChoice) })}
          placeholder={t('Search messages')}
        />
        <Button
          className="inbox-toolbar__end"
          icon={<CheckOutlined aria-hidden />}
          loading={markAllRead.isPending}
          disabled={unreadTotal === 0}
          onClick={markAll}
        >
          {t('Mark all read')}
        </Button>
      </div>
      <Card styles={{ body: { padding: 4 } }}>{body}</Card>
      {list.data && list.data.total > 0 ? (
        <Paginator
          total={list.data.total}
          page={list.state.page}
          pageSize={list.state.pageSize}
          onChange={(page, pageSize) => list.setState({ page, pageSize })}
        />
      ) : null}
    </Flex>
  );
}
