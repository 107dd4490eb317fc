import { MessageOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { HelpTag } from '../../widgets/help-tag/help-tag';
import { assistantQuery, chatQuery, type PendingQuestion, sourcesQuery, useChatMutations } from './chat-api';
import { ChatComposer, type SourceOption } from './chat-composer';
import { ChatList } from './chat-list';
import { GoogleSources } from './google-sources';
import './chat-page.css';

// A chat's messages, grids, charts and editors load when a chat is open, not with /chat.
const ChatThread = lazy(() => import('./chat-thread').then((m) => ({ default: m.ChatThread })));

// Phones only, on request: the drawer's code loads when it first opens (docs/performance.md).
const ConversationsDrawer = lazy(() =>
  import('./conversations-drawer').then((m) => ({ default: m.ConversationsDrawer })),
);

/** The sources the composer offers: the team's own, else the demo's (its label says Demo). */
function useSourceOptions(): SourceOption[] | undefined {
  const sources = useQuery(sourcesQuery);
  return useMemo(() => {
    if (!sources.data) return undefined;
    const own = new Set(sources.data.items.filter((s) => s.origin === 'team').map((s) => s.source));
    return sources.data.items
      .filter((s) => s.origin === 'team' || !own.has(s.source))
      .map((s) => ({ value: s.source, label: s.label }));
  }, [sources.data]);
}

function useAssistantName(): string | undefined {
  const { t } = useTranslation();
  const assistant = useQuery(assistantQuery);
  if (!assistant.data) return undefined;
  return assistant.data.offline ? t('Offline assistant') : assistant.data.model;
}

const EXAMPLES = [
  'Sessions by channel, last 30 days vs the preceding period',
  'Top 5 landing pages by conversions last month',
  '上个月各设备的转化率同比',
  'Search Console clicks by query last 7 days, excluding brand',
  // Runs an analysis function (Ads wasted spend) through the assistant.
  'Google Ads wasted spend last month',
];

/** `/chat` before a chat is chosen: what the assistant does, examples, and the composer. */
function Welcome({ onAsk }: { onAsk: (text: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className="chat-page__welcome">
      <MessageOutlined className="chat-page__welcome-icon" aria-hidden />
      {/* Plain headings in antd's colours: antd's Typography would add 10 kB to /chat's first load. */}
      <h3 className="chat-page__title">
        {t('Ask about your marketing data')}
        <HelpTag page="/chat" id="title" />
      </h3>
      <p className="chat-page__lead">
        {t(
          'The assistant answers questions about Google Analytics, Search Console, Google Ads and your uploaded files with text, tables and charts.',
        )}
      </p>
      <div className="chat-page__examples">
        {EXAMPLES.map((example) => (
          <Button key={example} onClick={() => onAsk(t(example))}>
            {t(example)}
          </Button>
        ))}
      </div>
    </div>
  );
}

/** `/chat` and `/chat/{chat_id}`: the conversation list beside the chat open now. */
export function ChatPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { chat_id: chatId } = useParams();
  const [listOpen, setListOpen] = useState(false);
  const [listOpened, setListOpened] = useState(false);
  if (listOpen && !listOpened) setListOpened(true);
  const sources = useSourceOptions();
  const assistantName = useAssistantName();
  const { create } = useChatMutations();
  const [source, setSource] = useState<string | undefined>();
  const chat = useQuery({ ...chatQuery(chatId ?? ''), enabled: Boolean(chatId) });

  /** From `/chat`: a new chat, then its page sends the question. */
  const askInNewChat = async (text: string) => {
    const { chat: made } = await create.mutateAsync();
    void navigate(`/chat/${made.id}`, { state: { ask: text, source } satisfies PendingQuestion });
    return true;
  };

  return (
    <div className="chat-page">
      <DocumentTitle title={t('Chat')} />
      <aside className="chat-page__sidebar">
        <ChatList activeId={chatId} />
      </aside>
      <section className="chat-page__main" aria-label={t('Chat')}>
        {/* Below 768 px the list moves into a drawer so the conversation keeps the full width. */}
        <div className="chat-page__mobile-bar">
          <Button icon={<UnorderedListOutlined aria-hidden />} onClick={() => setListOpen(true)}>
            {t('Conversations')}
          </Button>
        </div>
        {chatId && !chat.isError ? (
          <Suspense fallback={null}>
            <ChatThread key={chatId} chatId={chatId} sources={sources} assistantName={assistantName} />
          </Suspense>
        ) : (
          <>
            <div className="chat-page__conversation">
              <Welcome onAsk={(text) => void askInNewChat(text)} />
            </div>
            <ChatComposer
              sources={sources}
              source={source}
              onSourceChange={setSource}
              onSend={askInNewChat}
              assistantName={assistantName}
              tools={<GoogleSources />}
            />
          </>
        )}
      </section>
      {listOpened ? (
        <Suspense fallback={null}>
          <ConversationsDrawer open={listOpen} onClose={() => setListOpen(false)} activeId={chatId} />
        </Suspense>
      ) : null}
    </div>
  );
}
