import { SendOutlined, StopOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { type ChangeEvent, type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QUESTION_MAX } from '../../lib/light-contract';

export interface SourceOption {
  value: string;
  label: string;
}

interface ChatComposerProps {
  /** Why sending is impossible; when set the composer is disabled and says so. */
  disabledReason?: string;
  /** A reply is streaming: the send button becomes Stop. */
  busy?: boolean;
  sources?: SourceOption[];
  source?: string;
  onSourceChange?: (source: string | undefined) => void;
  /** Answers false when the question was refused (its text stays in the box). */
  onSend?: (text: string) => Promise<boolean> | boolean;
  onStop?: () => void;
  /** Who answers, shown under the box ("Offline assistant" or the model's name). */
  assistantName?: string;
  /** Beside the source picker: the Google sources button (its icons, the connector on click). */
  tools?: ReactNode;
}

/** The tallest the message box grows before it scrolls (six lines). */
const MAX_HEIGHT_PX = 6 * 22 + 10;

/** Grows the box with its text, up to `MAX_HEIGHT_PX`. */
function fitToText(box: HTMLTextAreaElement) {
  box.style.height = 'auto';
  box.style.height = `${Math.min(box.scrollHeight + 2, MAX_HEIGHT_PX)}px`;
}

/**
 * The message box, the source picker and the send (or stop) button. Enter sends, Shift+Enter
 * starts a new line. A native textarea in antd's look (its CSS variables): antd's auto-sizing
 * TextArea would be a twentieth of /chat's first load (docs/performance.md).
 */
export function ChatComposer({
  disabledReason,
  busy = false,
  sources,
  source,
  onSourceChange,
  onSend,
  onStop,
  assistantName,
  tools,
}: ChatComposerProps) {
  const { t } = useTranslation();
  const reasonId = useId();
  const [text, setText] = useState('');
  const disabled = Boolean(disabledReason);
  const canSend = !disabled && !busy && text.trim().length > 0;

  const submit = async () => {
    if (!canSend || !onSend) return;
    const question = text.trim();
    setText('');
    const accepted = await onSend(question);
    if (!accepted) setText(question);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <div className="chat-page__composer">
      <div className="chat-page__composer-inner">
        <div className="chat-page__composer-row">
          <textarea
            className="chat-page__message"
            rows={1}
            aria-label={t('Message')}
            aria-describedby={disabled ? reasonId : undefined}
            placeholder={t('Ask a question about your marketing data')}
            disabled={disabled}
            maxLength={QUESTION_MAX}
            value={text}
            onChange={(event: ChangeEvent<HTMLTextAreaElement>) => {
              setText(event.target.value);
              fitToText(event.currentTarget);
            }}
            onKeyDown={onKeyDown}
          />
          {busy ? (
            <Button danger icon={<StopOutlined aria-hidden />} aria-label={t('Stop')} onClick={onStop} />
          ) : (
            <Button
              type="primary"
              icon={<SendOutlined aria-hidden />}
              disabled={!canSend}
              aria-label={t('Send')}
              onClick={() => void submit()}
            />
          )}
        </div>
        <div className="chat-page__composer-tools">
          {tools}
          {sources ? (
            // A native select in antd's look: antd's Select would be a twelfth of /chat's first load.
            <select
              className="chat-page__source"
              aria-label={t('Data source')}
              value={source ?? ''}
              onChange={(event) => onSourceChange?.(event.target.value || undefined)}
            >
              <option value="">{t('Any source')}</option>
              {sources.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          ) : null}
          {assistantName ? <span className="chat-page__composer-hint">{assistantName}</span> : null}
        </div>
        {disabledReason ? (
          <span id={reasonId} className="chat-page__composer-hint">
            {disabledReason}
          </span>
        ) : null}
      </div>
    </div>
  );
}
