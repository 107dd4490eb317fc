import {
  createChat,
  deleteChat,
  getAssistant,
  getChat,
  listChats,
  renameChat,
  sendChatMessage,
} from '@app/contract/chat/chats';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import { currentPrices } from '../credits/price-table';
import { readDynamicConfig } from '../dynamic-configs/dynamic-configs.service';
import { activeModel, modelClientsCache } from './assistant/providers';
import { sendMessage } from './assistant/send-message';
import * as chats from './chats.service';

/** The assistant's chats (issue 24). */
export const chatModule: ServerModule = {
  name: 'chat',
  register(app, platform) {
    const route = routesFor(app, platform.registry);
    platform.caches.register(modelClientsCache());
    route(listChats, ({ ctx, query }) => chats.listChats(platform, ctx, query));
    route(createChat, ({ ctx, body }) => chats.createChat(platform, ctx, body));
    route(getAssistant, async () => {
      const [active, price] = await Promise.all([
        activeModel(platform),
        currentPrices(platform).then((prices) => prices.functions.get('chat')),
      ]);
      return { offline: active.kind === 'offline', model: active.id, message_credits: price?.credits ?? 0 };
    });
    route(getChat, ({ ctx, params }) => chats.getChat(platform, ctx, params.id));
    route(renameChat, ({ ctx, params, body }) => chats.renameChat(platform, ctx, params.id, body.title));
    route(deleteChat, ({ ctx, params }) => chats.deleteChat(platform, ctx, params.id));
    route(
      sendChatMessage,
      ({ ctx, params, body, reply }) => sendMessage(platform, ctx, params.id, body, reply),
      // The admin's `chat_rate_limit` dynamic config, read per message (cached per its version).
      { rateLimit: { max: () => readDynamicConfig(platform, 'chat_rate_limit') } },
    );
  },
};
