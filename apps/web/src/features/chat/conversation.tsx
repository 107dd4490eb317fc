import {
  CopyOutlined,
  EditOutlined,
  FileAddOutlined,
  FileMarkdownOutlined,
  FileWordOutlined,
  LoadingOutlined,
  ReloadOutlined,
  RobotOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ChatMessage, ReplyCost } from '@app/contract/chat/chats';
import type { ReplyPart } from '@app/contract/chat/parts';
import { Alert, App, Button, Skeleton, Tooltip } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../widgets/copy-text/copy-text';
import { Markdown, ReplyParts } from '../../widgets/reply-parts/reply-parts';
import { downloadAsWord } from './export-api';
import { exportName, saveText } from './reply-export';
import { replyMarkdown } from './reply-markdown';
import type { LiveReply } from './use-conversation';
import { type Report, useReport } from './use-report';

// TipTap and the drawer load when a reply is first taken into a report (docs/performance.md).
const ReportDrawer = lazy(() => import('./report-drawer').then((m) => ({ default: m.ReportDrawer })));

function CostLine({ credits, model }: { credits: number | null; model: string | null }) {
  const { t } = useTranslation();
  if (credits === null) return null;
  const who = model === 'offline' || !model ? t('Offline assistant') : model;
  return (
    <span className="chat-reply__cost" data-testid="reply-cost">
      {t('Credits: {{credits}}', { credits })} · {who}
    </span>
  );
}

interface ReplyActionsProps {
  parts: ReplyPart[];
  question: string;
  report: Report;
  onRegenerate?: () => void;
}

/**
 * Copy, export to Markdown (locally) and Word (by the server), edit as or add to the report, and
 * regenerate the last reply.
 */
function ReplyActions({ parts, question, report, onRegenerate }: ReplyActionsProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const markdown = () => replyMarkdown(parts, i18n.language, t('SQL'));
  const toWord = () => downloadAsWord(markdown(), exportName(question));
  return (
    <span className="chat-reply__actions">
      <Tooltip title={t('Copy')}>
        <Button
          size="small"
          type="text"
          icon={<CopyOutlined aria-hidden />}
          aria-label={t('Copy')}
          onClick={() => void copyText(markdown(), message, t)}
        />
      </Tooltip>
      <Tooltip title={t('Export as Markdown (.md)')}>
        <Button
          size="small"
          type="text"
          icon={<FileMarkdownOutlined aria-hidden />}
          aria-label={t('Export as Markdown (.md)')}
          onClick={() => saveText(markdown(), `${exportName(question)}.md`)}
        />
      </Tooltip>
      <Tooltip title={t('Export as Word (.docx)')}>
        <Button
          size="small"
          type="text"
          icon={<FileWordOutlined aria-hidden />}
          aria-label={t('Export as Word (.docx)')}
          onClick={() => void toWord()}
        />
      </Tooltip>
      <Tooltip title={t('Edit as report')}>
        <Button
          size="small"
          type="text"
          icon={<EditOutlined aria-hidden />}
          aria-label={t('Edit as report')}
          onClick={() => report.edit(markdown(), exportName(question))}
        />
      </Tooltip>
      <Tooltip title={t('Add to report')}>
        <Button
          size="small"
          type="text"
          icon={<FileAddOutlined aria-hidden />}
          aria-label={t('Add to report')}
          onClick={() => report.add(markdown(), exportName(question))}
        />
      </Tooltip>
      {onRegenerate ? (
        <Tooltip title={t('Regenerate')}>
          <Button
            size="small"
            type="text"
            icon={<ReloadOutlined aria-hidden />}
            aria-label={t('Regenerate')}
            onClick={onRegenerate}
          />
        </Tooltip>
      ) : null}
    </span>
  );
}

function Bubble({ who, children }: { who: 'user' | 'assistant'; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <article
      className={`chat-message chat-message--${who}`}
      aria-label={who === 'user' ? t('You') : t('Assistant')}
    >
      <span className="chat-message__avatar" aria-hidden>
        {who === 'user' ? <UserOutlined /> : <RobotOutlined />}
      </span>
      <div className="chat-message__body">{children}</div>
    </article>
  );
}

function questionText(message: ChatMessage | undefined): string {
  const part = message?.parts.find((p) => p.type === 'content');
  return part?.type === 'content' ? part.content : '';
}

interface ConversationProps {
  messages: ChatMessage[] | undefined;
  live: LiveReply | null;
  onRegenerate: (question: string) => void;
}

/** The messages of a chat, oldest first, with the reply streaming now at the end. */
export function Conversation({ messages, live, onRegenerate }: ConversationProps) {
  const { t } = useTranslation();
  const end = useRef<HTMLDivElement>(null);
  const report = useReport();
  // While regenerating, the exchange being replaced is not shown twice.
  const shown = (live?.regenerate ? dropLastExchange(messages ?? []) : (messages ?? [])).filter(
    (m) => m.status !== 'streaming' || !live,
  );
  const lastReply = [...shown].reverse().find((m) => m.role === 'assistant');
  const liveLength = live ? live.text.length + live.parts.length : 0;

  // Follows the conversation as it grows: a new message, or more of the streaming reply.
  const grown = `${shown.length}:${liveLength}`;
  useEffect(() => {
    if (grown) end.current?.scrollIntoView?.({ block: 'end' });
  }, [grown]);

  if (!messages) return <Skeleton active paragraph={{ rows: 4 }} />;
  return (
    <div className="chat-thread">
      {shown.map((message, index) => {
        if (message.role === 'user') {
          return (
            <Bubble key={message.id} who="user">
              <p className="chat-message__question">{questionText(message)}</p>
            </Bubble>
          );
        }
        const question = questionText(shown[index - 1]);
        return (
          <Bubble key={message.id} who="assistant">
            {message.status === 'failed' ? (
              <Alert type="error" showIcon title={t('The assistant could not answer. Try again.')} />
            ) : null}
            <ReplyParts parts={message.parts} />
            {message.status === 'stopped' ? <p className="chat-reply__note">{t('Stopped')}</p> : null}
            <footer className="chat-reply__footer">
              <CostLine credits={message.credits} model={message.model} />
              <ReplyActions
                parts={message.parts}
                question={question}
                report={report}
                onRegenerate={message === lastReply && !live ? () => onRegenerate(question) : undefined}
              />
            </footer>
          </Bubble>
        );
      })}
      {live ? (
        <>
          <Bubble who="user">
            <p className="chat-message__question">{live.question}</p>
          </Bubble>
          <Bubble who="assistant">
            <div aria-live="polite" aria-busy={!live.cost}>
              {live.text ? <Markdown text={live.text} /> : null}
              <ReplyParts parts={live.parts} />
              {live.error ? <Alert type="error" showIcon title={live.error} /> : null}
              {!live.cost ? (
                <p className="chat-reply__note">
                  <LoadingOutlined aria-hidden /> {live.stopping ? t('Stopping…') : t('Answering…')}
                </p>
              ) : (
                <CostLine credits={(live.cost as ReplyCost).credits} model={live.cost.model} />
              )}
            </div>
          </Bubble>
        </>
      ) : null}
      <div ref={end} />
      {report.inserts.length > 0 ? (
        <Suspense fallback={null}>
          <ReportDrawer
            open={report.open}
            onClose={report.close}
            inserts={report.inserts}
            filename={report.filename}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

function dropLastExchange(messages: ChatMessage[]): ChatMessage[] {
  const lastQuestion = messages.map((m) => m.role).lastIndexOf('user');
  return lastQuestion < 0 ? messages : messages.slice(0, lastQuestion);
}
