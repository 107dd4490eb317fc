import { subscribeAdminEditing, subscribeMessages, zEditingEvent } from '@app/contract/events/subscriber';
import { matchPageRoute } from '@app/contract/page-routes';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import { parseLastEventId, serveEventStream } from './event-stream';

/**
 * `GET /api/subscriber/msgs/{topic}`: a user's stream. `user_basic` carries only messages
 * published for this user (or to everyone); `adm_data_editing` carries presence for admin pages,
 * each message only to users who may open that page.
 */
const STREAM_RETENTION_SECONDS = 24 * 3600;

export const eventsModule: ServerModule = {
  name: 'events',
  register(app, platform) {
    // Stored messages only serve replays after reconnects; a day is far beyond any reconnect.
    platform.jobs.define({
      name: 'stream.purge',
      cron: '17 * * * *',
      run: async () => {
        await platform.events.purge(STREAM_RETENTION_SECONDS);
      },
    });
    const route = routesFor(app, platform.registry);
    route(subscribeMessages, async ({ ctx, params, query, request, reply }) => {
      const { user } = ctx;
      return serveEventStream(request, reply, {
        bus: platform.events,
        topic: params.topic,
        userId: user.id,
        lastEventId: parseLastEventId(request.headers['last-event-id']),
        timeoutSeconds: query.timeout,
      });
    });
    route(subscribeAdminEditing, async ({ ctx, query, request, reply }) => {
      const { user } = ctx;
      return serveEventStream(request, reply, {
        bus: platform.events,
        topic: 'adm_data_editing',
        userId: user.id,
        lastEventId: parseLastEventId(request.headers['last-event-id']),
        timeoutSeconds: query.timeout,
        allows: async ({ payload }) => {
          const parsed = zEditingEvent.safeParse(payload);
          if (!parsed.success) return false;
          const page = matchPageRoute(parsed.data.route);
          return page ? (await platform.access.decide(page.permission, user)) === 'OK' : false;
        },
      });
    });
  },
};
