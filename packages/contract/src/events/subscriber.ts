import { z } from 'zod';
import { zPersonalization } from '../account/personalization/personalization';
import { zAiCell, zColumnRun } from '../ai-tables/tables';
import { defineEndpoint } from '../define-endpoint';
import { ADMIN_AREA } from '../permission-codes';
import { zUnreadMessage } from '../user/get-basic-infos';

/** Spec section 7: the topics a client may hold a stream on. */
export const STREAM_TOPICS = ['user_basic', 'adm_data_editing'] as const;
export const zStreamTopic = z.enum(STREAM_TOPICS, { message: 'Unknown topic' });
export type StreamTopic = z.infer<typeof zStreamTopic>;

/** Spec section 9: seconds of silence after which the server sends END (client side). */
export const STREAM_TIMEOUTS: Record<StreamTopic | 'default', number> = {
  default: 30,
  user_basic: 0.5,
  adm_data_editing: 1,
};

/** The frame that closes an idle stream (spec section 7: "JSON until the text END"). */
export const STREAM_END = 'END';

/**
 * A `user_basic` message: one or more of the spec's fields. `msgs_unread` is the new unread
 * state, `pop_up_msg_close` the id of a pop-up notice closed on another device, and
 * `user_global_view.settings` the user's personalization after a change in another tab, and
 * `ai_table_run` an AI column run's progress.
 */
export const zUserBasicEvent = z.object({
  msgs_unread: z.object({ total: z.number().int(), msgs: z.array(zUnreadMessage) }).optional(),
  pop_up_msg_close: z.object({ id: z.string() }).optional(),
  user_global_view: z.object({ settings: zPersonalization }).optional(),
  /**
   * An AI column run's progress, to the user who started it: its counts and the cells written
   * since the last message (sent at most a few times a second, never per cell).
   */
  ai_table_run: zColumnRun
    .extend({
      table_id: z.string(),
      cells: z.array(z.object({ row_id: z.string(), column_id: z.string(), cell: zAiCell })),
    })
    .optional(),
});
export type UserBasicEvent = z.infer<typeof zUserBasicEvent>;

/** Spec section 3, "Editor presence". */
export const zEditor = z.object({
  user_id: z.string(),
  username: z.string(),
  avatar_url: z.string().nullable(),
});
export type Editor = z.infer<typeof zEditor>;

/** An `adm_data_editing` message: who is editing record `key` on page `route` now. */
export const zEditingEvent = z.object({ route: z.string(), key: z.string(), editing: z.array(zEditor) });
export type EditingEvent = z.infer<typeof zEditingEvent>;

const zStreamQuery = z.object({
  timeout: z.coerce
    .number({ message: 'timeout must be a number of seconds' })
    .min(0.1, { message: 'timeout must be at least 0.1 s' })
    .max(300, { message: 'timeout must be at most 300 s' })
    .default(STREAM_TIMEOUTS.default),
});

const STREAM_SUMMARY =
  'Event stream (text/event-stream): JSON `data:` frames with ids, `data: END` after `timeout` idle seconds; send Last-Event-ID to be replayed what was missed';

/**
 * `GET /api/subscriber/msgs/{topic}` for the signed-in user's own topic. The admin topic has its
 * own endpoint below (the router prefers its fixed path), so that its permission is decided
 * before anything of the request is read.
 */
export const subscribeMessages = defineEndpoint({
  method: 'GET',
  path: '/api/subscriber/msgs/{topic}',
  permission: 'signed_in',
  summary: `${STREAM_SUMMARY} (topic user_basic)`,
  tags: ['events'],
  params: z.object({ topic: z.enum(['user_basic'], { message: 'Unknown topic' }) }),
  query: zStreamQuery,
  response: z.object({}),
  answer: { kind: 'event-stream', message: zUserBasicEvent },
});

/** `adm_data_editing`: presence on admin pages, each message only to users who may open its page. */
export const subscribeAdminEditing = defineEndpoint({
  method: 'GET',
  path: '/api/subscriber/msgs/adm_data_editing',
  permission: ADMIN_AREA,
  summary: `${STREAM_SUMMARY} (topic adm_data_editing)`,
  tags: ['events'],
  query: zStreamQuery,
  response: z.object({}),
  answer: { kind: 'event-stream', message: zEditingEvent },
});
