import { PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The conversation list. It is empty until the chat service exists; "New chat" stays visible but
 * disabled so the layout is the one users will get, without pretending the button works.
 */
interface ChatListProps {
  /** Off inside the mobile drawer, whose own title already names the list. */
  showTitle?: boolean;
}

export function ChatList({ showTitle = true }: ChatListProps) {
  const { t } = useTranslation();
  return (
    <nav className="chat-list" aria-label={t('Conversations')}>
      {showTitle ? <h5 className="chat-list__title">{t('Conversations')}</h5> : null}
      <Tooltip title={t('Available once the assistant is ready')}>
        {/* The wrapper keeps the tooltip working: disabled buttons swallow pointer events. */}
        <span>
          <Button icon={<PlusOutlined aria-hidden />} block disabled>
            {t('New chat')}
          </Button>
        </span>
      </Tooltip>
      <div className="chat-list__empty">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('No conversations yet')} />
      </div>
    </nav>
  );
}
