import { type PageDefinition, signedInPage } from './page-route';

/**
 * Pages inside the signed-in shell (top bar with messages, language and user menu). Add a page
 * with one line; a new area (account, admin) gets its own table like this one.
 */
export const workspacePages: PageDefinition[] = [
  signedInPage('/chat', () => import('../../features/chat/chat-page').then((m) => m.ChatPage)),
];
