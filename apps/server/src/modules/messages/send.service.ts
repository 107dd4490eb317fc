import type { ListQuery } from '@app/contract/list';
import type { SendInput } from '@app/contract/messages/send';
import { audited } from '../../platform/audit';
import type { SignedInContext } from '../../platform/endpoint';
import { toListPage, toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import { resolveAudience } from './audience';
import { deliver, sendQueued, wantEmail } from './deliver';
import { insertSend, listSendRows } from './sends.repo';

const TEMPLATE = 'message.send';

/** How many recipients a preview lists by name. */
const SAMPLE = 5;

export async function previewSend(platform: Platform, input: SendInput) {
  const recipients = await resolveAudience(platform.db, input.audience);
  return {
    recipients: recipients.length,
    sample: recipients.slice(0, SAMPLE).map((r) => ({ id: r.id, email: r.email, username: r.name })),
    email: input.email ? { subject: input.title, text: `${input.body}\n` } : null,
  };
}

/**
 * Sends to the audience in one transaction: the send record, the inbox messages with their live
 * announcements, and the queued e-mails (to everyone when the e-mail channel is chosen, else to
 * in-app recipients whose notification settings want this level by e-mail). Mails go out after
 * commit; what fails is retried by the e-mail job.
 */
export async function sendMessage(platform: Platform, ctx: SignedInContext, input: SendInput) {
  const id = crypto.randomUUID();
  const outcome = await audited(
    platform.db,
    ctx,
    { action: 'message.send', targetType: 'message_send', targetId: id },
    async (tx) => {
      const recipients = await resolveAudience(tx, input.audience);
      await insertSend(tx, {
        id,
        audience: input.audience,
        inApp: input.in_app,
        email: input.email,
        level: input.level,
        title: input.title,
        body: input.body,
        recipients: recipients.length,
        createdBy: ctx.user.id,
      });
      // The admin's own words: sent and shown as written, in every reader's language.
      const delivery = {
        level: input.level,
        title: input.title,
        body: input.body,
        sendId: id,
        template: TEMPLATE,
      };
      const mailTo = input.email ? recipients : await wantEmail(tx, recipients, input.level);
      const emailIds = await deliver(platform, tx, delivery, {
        inApp: input.in_app ? recipients : [],
        email: mailTo,
      });
      return {
        result: { recipients: recipients.length, emailIds },
        after: {
          audience: input.audience,
          in_app: input.in_app,
          email: input.email,
          recipients: recipients.length,
        },
      };
    },
  );
  // Not awaited: a large audience must not hold the admin's request; the log shows progress.
  void sendQueued(platform, outcome.emailIds).catch(() => undefined);
  return { id, recipients: outcome.recipients, emails_queued: outcome.emailIds.length };
}

export async function listSends(platform: Platform, query: ListQuery) {
  return toListPage(query, await listSendRows(platform.db, query), (row) => ({
    id: row.id,
    audience: row.audience as SendInput['audience'],
    in_app: row.inApp,
    email: row.email,
    level: row.level as SendInput['level'],
    title: row.title,
    body: row.body,
    recipients: row.recipients,
    created_by: row.createdBy,
    creation_time: toSeconds(row.createdAt),
  }));
}
