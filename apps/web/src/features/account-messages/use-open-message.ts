import { useNavigate } from 'react-router';
import { messageLinkTarget } from './message-link';
import { useMarkMessagesRead } from './use-mark-messages-read';

/** What opening a message needs to know; the drawer's unread messages have no `read` or `link`. */
export interface OpenableMessage {
  id: string;
  read?: boolean;
  link?: string | null;
}

/**
 * Opening a message marks it read (when it is not yet) and follows its link, if it has one:
 * a page of the app in place, another site in a new tab.
 */
export function useOpenMessage() {
  const navigate = useNavigate();
  const { markRead } = useMarkMessagesRead();

  const open = (message: OpenableMessage): boolean => {
    if (!message.read) markRead.mutate([message.id]);
    const target = messageLinkTarget(message.link);
    if (target?.kind === 'page') navigate(target.path);
    else if (target?.kind === 'site') window.open(target.url, '_blank', 'noopener,noreferrer');
    return target !== null;
  };

  return { open, pendingId: markRead.isPending ? markRead.variables?.[0] : undefined };
}
