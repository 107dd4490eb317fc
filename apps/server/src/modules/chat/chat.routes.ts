import { createChat, deleteChat, getChat, listChats, renameChat } from '@app/contract/chat/chats';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import * as chats from './chats.service';

/** The assistant's chats (issue 24). */
export const chatModule: ServerModule = {
  name: 'chat',
  register(app, platform) {
    const route = routesFor(app, platform.registry);
    route(listChats, ({ ctx, query }) => chats.listChats(platform, ctx, query));
    route(createChat, ({ ctx, body }) => chats.createChat(platform, ctx, body));
    route(getChat, ({ ctx, params }) => chats.getChat(platform, ctx, params.id));
    route(renameChat, ({ ctx, params, body }) => chats.renameChat(platform, ctx, params.id, body.title));
    route(deleteChat, ({ ctx, params }) => chats.deleteChat(platform, ctx, params.id));
  },
};
