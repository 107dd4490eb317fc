import type { InboxMessage } from '@app/contract/messages/inbox';
import type { zUnreadMessage } from '@app/contract/user/get-basic-infos';
import type { z } from 'zod';
import { MessageEntry } from '../../features/account-messages/message-entry';

/** An unread message as basic infos carry it; `link` only if the server ever sends one with it. */
export type UnreadMessage = z.infer<typeof zUnreadMessage> & Partial<Pick<InboxMessage, 'link'>>;

interface UnreadMessageItemProps {
  message: UnreadMessage;
  /** Marks it read and follows its link, if any. */
  onOpen: () => void;
}

export function UnreadMessageItem({ message, onOpen }: UnreadMessageItemProps) {
  return <MessageEntry message={message} unread onOpen={onOpen} hasLink={Boolean(message.link)} clampBody />;
}
