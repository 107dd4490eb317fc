import { SendOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { type ChangeEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';

interface ChatComposerProps {
  /** Why sending is impossible; when set the composer is disabled and says so. */
  disabledReason?: string;
}

/** The tallest the message box grows before it scrolls (six lines). */
const MAX_HEIGHT_PX = 6 * 22 + 10;

/** Grows the box with its text, up to `MAX_HEIGHT_PX`. */
function fitToText(event: ChangeEvent<HTMLTextAreaElement>) {
  const box = event.currentTarget;
  box.style.height = 'auto';
  box.style.height = `${Math.min(box.scrollHeight + 2, MAX_HEIGHT_PX)}px`;
}

/**
 * The message box and its send button. A native textarea in antd's look (its CSS variables):
 * antd's auto-sizing TextArea would be a twentieth of /chat's first load (docs/performance.md).
 */
export function ChatComposer({ disabledReason }: ChatComposerProps) {
  const { t } = useTranslation();
  const reasonId = useId();
  const disabled = Boolean(disabledReason);

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
            onChange={fitToText}
          />
          <Button
            type="primary"
            icon={<SendOutlined aria-hidden />}
            disabled={disabled}
            aria-label={t('Send')}
          />
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
