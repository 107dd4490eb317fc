import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { DocumentTitle } from '../../widgets/brand/document-title';
import type { PendingQuestion } from './chat-api';
import { ChatComposer, type SourceOption } from './chat-composer';
import { Conversation } from './conversation';
import { GoogleSources } from './google-sources';
import { useConversation } from './use-conversation';

/** One chat: its messages, the streaming reply and the composer. */
export function ChatThread({
  chatId,
  sources,
  assistantName,
}: {
  chatId: string;
  sources?: SourceOption[];
  assistantName?: string;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const { thread, live, send, stop, busy } = useConversation(chatId);
  const pending = (location.state ?? {}) as PendingQuestion;
  const [source, setSource] = useState<string | undefined>(pending.source);
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current || !pending.ask) return;
    asked.current = true;
    // Sent once: the state is cleared so a reload does not ask again.
    void navigate(location.pathname, { replace: true, state: null });
    void send(pending.ask, { source: pending.source });
  }, [pending.ask, pending.source, send, navigate, location.pathname]);

  return (
    <>
      <DocumentTitle title={thread.data?.chat.title ?? ''} />
      <div className="chat-page__conversation chat-page__conversation--thread">
        <Conversation
          messages={thread.data?.messages}
          live={live}
          onRegenerate={(question) => void send(question, { source, regenerate: true })}
        />
      </div>
      <ChatComposer
        busy={busy}
        sources={sources}
        source={source}
        onSourceChange={setSource}
        onSend={(text) => send(text, { source })}
        onStop={stop}
        assistantName={assistantName}
        tools={<GoogleSources />}
      />
    </>
  );
}
