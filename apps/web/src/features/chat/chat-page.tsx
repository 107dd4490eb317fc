import { MessageOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Drawer, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '../../app/document-title';
import { AssistantUnavailableNotice } from './assistant-unavailable-notice';
import { ChatComposer } from './chat-composer';
import { ChatList } from './chat-list';
import './chat-page.css';

/** `/chat`: the chat layout, ready for the conversation list and messages the chat service will provide. */
export function ChatPage() {
  const { t } = useTranslation();
  const [listOpen, setListOpen] = useState(false);

  return (
    <div className="chat-page">
      <DocumentTitle title={t('Chat')} />
      <aside className="chat-page__sidebar">
        <ChatList />
      </aside>
      <section className="chat-page__main" aria-label={t('Chat')}>
        {/* Below 768 px the list moves into a drawer so the conversation keeps the full width. */}
        <div className="chat-page__mobile-bar">
          <Button icon={<UnorderedListOutlined aria-hidden />} onClick={() => setListOpen(true)}>
            {t('Conversations')}
          </Button>
        </div>
        <div className="chat-page__conversation">
          <div className="chat-page__welcome">
            <MessageOutlined className="chat-page__welcome-icon" aria-hidden />
            <Typography.Title level={3}>{t('Ask about your marketing data')}</Typography.Title>
            <Typography.Paragraph type="secondary">
              {t(
                'The assistant answers questions about Google Analytics, Search Console, Google Ads and your uploaded files with text, tables and charts.',
              )}
            </Typography.Paragraph>
            <AssistantUnavailableNotice />
          </div>
        </div>
        <ChatComposer disabledReason={t('Sending is disabled until the assistant is available.')} />
      </section>
      <Drawer
        title={t('Conversations')}
        placement="left"
        size="min(320px, 85vw)"
        open={listOpen}
        onClose={() => setListOpen(false)}
        styles={{ body: { padding: 0 } }}
      >
        <ChatList showTitle={false} />
      </Drawer>
    </div>
  );
}
