import type { JobDefinition } from '../../platform/jobs';
import type { Platform } from '../../platform/platform';
import type { ReminderNotice } from '../../platform/reminders';
import { deliver, sendQueued, wantEmail } from './deliver';
import { findRecipients, type Recipient } from './recipients.repo';
import { recordReminderSent } from './reminders.repo';

export interface ReminderRun {
  reminder: string;
  collected: number;
  delivered: number;
}

/**
 * Runs every registered reminder for `now`: each notice not sent before is recorded in
 * `reminder_sends` and delivered (inbox, live count, and e-mail where the user's settings want its
 * level) in the same transaction, so a retry or a second instance never sends it twice.
 */
export async function runReminders(platform: Platform, now = new Date()): Promise<ReminderRun[]> {
  const runs: ReminderRun[] = [];
  for (const reminder of platform.reminders.list()) {
    const notices = await reminder.collect(now);
    const mailIds: string[] = [];
    let delivered = 0;
    await platform.db.transaction(async (tx) => {
      const userIds = [...new Set(notices.map((notice) => notice.userId))];
      const people = await findRecipients(tx, userIds);
      const byId = new Map<string, Recipient>(people.map((person) => [person.id, person]));
      for (const notice of notices) {
        const person = byId.get(notice.userId);
        if (!person) continue;
        if (
          !(await recordReminderSent(tx, { reminder: reminder.name, key: notice.key, userId: notice.userId }))
        )
          continue;
        mailIds.push(
          ...(await deliver(platform, tx, toDelivery(reminder.name, notice), {
            inApp: [person],
            email: await wantEmail(tx, [person], notice.level),
          })),
        );
        delivered += 1;
      }
    });
    await sendQueued(platform, mailIds);
    runs.push({ reminder: reminder.name, collected: notices.length, delivered });
  }
  return runs;
}

function toDelivery(reminder: string, notice: ReminderNotice) {
  return {
    level: notice.level,
    title: notice.title,
    body: notice.body,
    link: notice.link ?? null,
    template: `reminder.${reminder}`,
  };
}

export function dailyRemindersJob(platform: Platform): JobDefinition {
  return {
    name: 'reminders.daily',
    // 08:00 UTC: morning in Europe, afternoon in China, before the working day in the Americas.
    cron: '0 8 * * *',
    run: async () => {
      await runReminders(platform);
    },
  };
}
