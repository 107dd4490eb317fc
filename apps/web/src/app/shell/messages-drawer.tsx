import type { BasicInfos } from '@app/contract/user/get-basic-infos';
import { App, Button, Drawer, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMarkMessagesRead } from '../../features/account-messages/use-mark-messages-read';
import { useOpenMessage } from '../../features/account-messages/use-open-message';
import { formatCount } from '../../lib/numbers';
import { type UnreadMessage, UnreadMessageItem } from './unread-message-item';

/** The inbox page the drawer points to (registered in the contract's page routes). */
export const ALL_MESSAGES_PATH = '/account/messages';

interface MessagesDrawerProps {
  open: boolean;
  onClose: () => void;
  unread: BasicInfos['msgs_unread'];
}

export function MessagesDrawer({ open, onClose, unread }: MessagesDrawerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const openMessage = useOpenMessage();
  const { markAllRead } = useMarkMessagesRead();
  const shown = unread.msgs.length;

  const openAll = () => {
    onClose();
    navigate(ALL_MESSAGES_PATH);
  };

  // A message that leads to a page closes the drawer; one without a link just leaves the list.
  const openOne = (unreadMessage: UnreadMessage) => {
    if (openMessage.open(unreadMessage)) onClose();
  };

  const markAll = () =>
    markAllRead.mutate(undefined, { onSuccess: () => void message.success(t('All messages marked read')) });

  return (
    <Drawer
      title={t('Messages')}
      open={open}
      onClose={onClose}
      size="min(400px, 100vw)"
      extra={
        unread.total > 0 ? (
          <Button type="link" size="small" loading={markAllRead.isPending} onClick={markAll}>
            {t('Mark all read')}
          </Button>
        ) : null
      }
      footer={
        <Button type="link" block onClick={openAll}>
          {t('View all messages')}
        </Button>
      }
    >
      {shown === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('No unread messages')} />
      ) : (
        <>
          {/* The server sends the latest few; the total may be larger. */}
          {unread.total > shown ? (
            <Typography.Paragraph type="secondary">
              {t('Showing the latest {{shown}} of {{count}} unread messages', {
                shown: formatCount(shown),
                count: unread.total,
                defaultValue_one: 'Showing the latest {{shown}} of {{count}} unread message',
              })}
            </Typography.Paragraph>
          ) : null}
          <ul className="message-entries">
            {unread.msgs.map((item) => (
              <UnreadMessageItem key={item.id} message={item} onOpen={() => openOne(item)} />
            ))}
          </ul>
        </>
      )}
    </Drawer>
  );
}
