import { MessageOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { AssistantUnavailableNotice } from './assistant-unavailable-notice';
import { ChatComposer } from './chat-composer';
import { ChatList } from './chat-list';
import './chat-page.css';

// Phones only, on request: the drawer's code loads when it first opens (docs/performance.md).
const ConversationsDrawer = lazy(() =>
  import('./conversations-drawer').then((m) => ({ default: m.ConversationsDrawer })),
);

/** `/chat`: the chat layout, ready for the conversation list and messages the chat service will provide. */
export function ChatPage() {
  const { t } = useTranslation();
  const [listOpen, setListOpen] = useState(false);
  const [listOpened, setListOpened] = useState(false);
  if (listOpen && !listOpened) setListOpened(true);

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
            {/* Plain headings in antd's colours: antd's Typography would add 10 kB to /chat's first load. */}
            <h3 className="chat-page__title">{t('Ask about your marketing data')}</h3>
            <p className="chat-page__lead">
              {t(
                'The assistant answers questions about Google Analytics, Search Console, Google Ads and your uploaded files with text, tables and charts.',
              )}
            </p>
            <AssistantUnavailableNotice />
          </div>
        </div>
        <ChatComposer disabledReason={t('Sending is disabled until the assistant is available.')} />
      </section>
      {listOpened ? (
        <Suspense fallback={null}>
          <ConversationsDrawer open={listOpen} onClose={() => setListOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
