import { LinkOutlined } from '@ant-design/icons';
import type { InboxMessage } from '@app/contract/messages/inbox';
import type { zUnreadMessage } from '@app/contract/user/get-basic-infos';
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatDate } from '../../lib/format';
import { MessageLevelTag } from '../../widgets/message-level-tag/message-level-tag';
import './message-entry.css';

type ShownMessage = z.infer<typeof zUnreadMessage>;

interface MessageEntryProps {
  message: ShownMessage;
  unread: boolean;
  /** Without it the entry is only text: a read message that leads nowhere. */
  onOpen?: () => void;
  /** The message leads somewhere when opened. */
  hasLink?: boolean;
  /** The drawer shows the first lines of each body; the page shows it whole. */
  clampBody?: boolean;
  /** The e-mail that went with the message (the messages page): its subject as sent. */
  email?: InboxMessage['email'];
}

/** One message: title (bold with a dot while unread), level, body and time. */
export function MessageEntry({
  message,
  unread,
  onOpen,
  hasLink = false,
  clampBody = false,
  email = null,
}: MessageEntryProps) {
  const { t } = useTranslation();
  const sentAt = new Date(message.creation_time * 1000);
  const content: ReactNode = (
    <>
      <span className="message-entry__head">
        {unread ? <span className="message-entry__dot" role="img" aria-label={t('Unread message')} /> : null}
        <Typography.Text strong={unread} className="message-entry__title">
          {message.title}
        </Typography.Text>
        <MessageLevelTag level={message.level} />
      </span>
      <Typography.Text
        type="secondary"
        className={clampBody ? 'message-entry__body message-entry__body--clamped' : 'message-entry__body'}
      >
        {message.body}
      </Typography.Text>
      {/* The message reads in the reader's language; the e-mail keeps the subject it was sent with,
          which says so once the two differ (the reader switched language since). */}
      {email && email.subject !== message.title ? (
        <Typography.Text type="secondary" className="message-entry__as-sent">
          {t('As sent by e-mail: {{subject}}', { subject: email.subject })}
        </Typography.Text>
      ) : null}
      <Typography.Text type="secondary" className="message-entry__meta">
        <time dateTime={sentAt.toISOString()}>{formatDate(message.creation_time)}</time>
        {hasLink ? <LinkOutlined aria-label={t('Opens a link')} /> : null}
      </Typography.Text>
    </>
  );

  return (
    <li className="message-entry">
      {onOpen ? (
        <button type="button" className="message-entry__open" onClick={onOpen}>
          {content}
        </button>
      ) : (
        <div className="message-entry__open">{content}</div>
      )}
    </li>
  );
}
