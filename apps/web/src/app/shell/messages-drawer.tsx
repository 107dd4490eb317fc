import type { BasicInfos } from '@app/contract/user/get-basic-infos';
import { Button, Drawer, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { UnreadMessageItem } from './unread-message-item';

/** The inbox page the drawer points to (registered in the contract's page routes). */
export const ALL_MESSAGES_PATH = '/account/messages';

interface MessagesDrawerProps {
  open: boolean;
  onClose: () => void;
  unread: BasicInfos['msgs_unread'];
}

export function MessagesDrawer({ open, onClose, unread }: MessagesDrawerProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const shown = unread.msgs.length;

  const openAll = () => {
    onClose();
    navigate(ALL_MESSAGES_PATH);
  };

  return (
    <Drawer
      title={t('Messages')}
      open={open}
      onClose={onClose}
      size="min(400px, 100vw)"
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
              {t('Showing the latest {{shown}} of {{total}} unread messages', { shown, total: unread.total })}
            </Typography.Paragraph>
          ) : null}
          <ul className="messages-drawer__list">
            {unread.msgs.map((message) => (
              <UnreadMessageItem key={message.id} message={message} />
            ))}
          </ul>
        </>
      )}
    </Drawer>
  );
}
