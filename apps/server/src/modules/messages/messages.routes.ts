import { listEmailLogs, resendEmail } from '@app/contract/messages/email-logs';
import { listInboxMessages, markAllMessagesRead, markMessagesRead } from '@app/contract/messages/inbox';
import {
  closePopUpNotice,
  createNotice,
  deleteNotice,
  listAdminNotices,
  listCurrentNotices,
  listPopUpNotices,
  updateNotice,
} from '@app/contract/messages/notices';
import { listMessageSends, previewSend, sendMessage } from '@app/contract/messages/send';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import * as emailLogs from './email-logs.service';
import { emailRetryJob } from './email-retry.job';
import { listInbox, readMessages } from './inbox.service';
import * as notices from './notices.service';
import { dailyRemindersJob } from './reminders.job';
import * as sends from './send.service';

/** The inbox, notices and pop-ups for users; notices, sending and e-mail logs for admins. */
export const messagesModule: ServerModule = {
  name: 'messages',
  register(app, platform) {
    platform.jobs.define(emailRetryJob(platform));
    platform.jobs.define(dailyRemindersJob(platform));
    const route = routesFor(app, platform.registry);
    route(listInboxMessages, ({ ctx, query }) => listInbox(platform, ctx, query));
    route(markMessagesRead, ({ ctx, body }) => readMessages(platform, ctx, body.ids));
    route(markAllMessagesRead, ({ ctx }) => readMessages(platform, ctx));
    route(listCurrentNotices, () => notices.currentNotices(platform));
    route(listPopUpNotices, ({ ctx }) => notices.popUpNotices(platform, ctx));
    route(closePopUpNotice, ({ ctx, params }) => notices.closePopUp(platform, ctx, params.id));

    route(listAdminNotices, ({ query }) => notices.listNotices(platform, query));
    route(createNotice, ({ ctx, body }) => notices.createNotice(platform, ctx, body));
    route(updateNotice, ({ ctx, params, body }) => notices.updateNotice(platform, ctx, params.id, body));
    route(deleteNotice, ({ ctx, params }) => notices.deleteNotice(platform, ctx, params.id));
    route(previewSend, ({ body }) => sends.previewSend(platform, body));
    route(sendMessage, ({ ctx, body }) => sends.sendMessage(platform, ctx, body));
    route(listMessageSends, ({ query }) => sends.listSends(platform, query));
    route(listEmailLogs, ({ query }) => emailLogs.listEmailLogs(platform, query));
    route(resendEmail, ({ ctx, params }) => emailLogs.resendEmail(platform, ctx, params.id));
  },
};
