import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChatList } from './chat-list';

/** Below 768 px the conversation list moves into this drawer, so the conversation keeps the width. */
export function ConversationsDrawer({
  open,
  onClose,
  activeId,
}: {
  open: boolean;
  onClose: () => void;
  activeId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      title={t('Conversations')}
      placement="left"
      size="min(320px, 85vw)"
      open={open}
      onClose={onClose}
      styles={{ body: { padding: 0 } }}
    >
      <ChatList showTitle={false} activeId={activeId} onOpen={onClose} />
    </Drawer>
  );
}
