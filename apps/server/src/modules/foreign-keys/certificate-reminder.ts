import { FOREIGN_KEY_KINDS } from '@app/contract/admin/foreign-keys/foreign-keys';
import type { Platform } from '../../platform/platform';
import type { ReminderDefinition, ReminderNotice } from '../../platform/reminders';
import { operatorsWith } from '../messages/audience';
import { certificateExpiries } from './certificate-expiry';
import { readForeignKey } from './foreign-keys.service';

/** The kinds whose credentials hold or fetch certificates. */
const WITH_CERTIFICATES = ['alipay', 'wechatpay'] as const;

/**
 * The admins' warning that a certificate expires within 30 days (or has expired): run by the
 * messages module's daily reminders job, which delivers each (certificate, admin) once however
 * many days it is collected again (`reminder_sends`). A certificate is known by its kind, field,
 * serial and expiry, so a renewed one (another serial or date) warns again when its turn comes.
 * Those who may change the keys hear of it, in their inbox and by e-mail where they want it.
 */
export function certificateExpiryReminder(platform: Platform): ReminderDefinition {
  return {
    name: 'foreign-keys.certificate-expiry',
    collect: async (now) => {
      const due: {
        kindLabel: string;
        kind: string;
        expiry: Awaited<ReturnType<typeof certificateExpiries>>[number];
      }[] = [];
      for (const kind of WITH_CERTIFICATES) {
        const kindLabel = FOREIGN_KEY_KINDS.find((def) => def.kind === kind)?.label ?? kind;
        let values: Record<string, string> | null;
        try {
          values = await readForeignKey(platform, kind);
        } catch {
          // Sealed with another secret: its own reads fail, and so does nothing else.
          continue;
        }
        for (const expiry of await certificateExpiries(platform, kind, values, now)) {
          if (expiry.status !== 'valid') due.push({ kindLabel, kind, expiry });
        }
      }
      if (due.length === 0) return [];
      const admins = (await operatorsWith(platform.db, 'admin.foreign_keys.edit')).map((user) => user.id);
      return due.flatMap(({ kind, kindLabel, expiry }) =>
        admins.map(
          (userId): ReminderNotice => ({
            userId,
            key: `${kind}/${expiry.field ?? 'fetched'}/${expiry.serial}/${expiry.expires_at}`,
            level: 'important',
            title: {
              msgid:
                expiry.status === 'expired'
                  ? 'A certificate of {{kind}} has expired'
                  : 'A certificate of {{kind}} expires within 30 days',
              params: { kind: { msgid: kindLabel } },
            },
            body: {
              msgid:
                expiry.status === 'expired'
                  ? '{{certificate}} (serial {{serial}}) expired on {{date}} (UTC): payments with it stop verifying. Replace it on the foreign keys page.'
                  : '{{certificate}} (serial {{serial}}) expires on {{date}} (UTC). Replace it on the foreign keys page before then: payments with it stop verifying once it has expired.',
              params: {
                certificate: { msgid: expiry.label },
                serial: expiry.serial,
                date: new Date(expiry.expires_at * 1000).toISOString().slice(0, 10),
              },
            },
            link: '/admin/sys-settings/foreign-keys',
          }),
        ),
      );
    },
  };
}
