import { EMAIL_STATUSES, emailLogListFields } from '@app/contract/messages/email-logs';
import { filterConfigFrom } from '../../widgets/filter-drawer/filter-config-from-fields';
import type { FilterConfig } from '../../widgets/filter-drawer/filter-types';
import { emailStatusLabels } from './email-status-tag';

type Translate = (msgid: string) => string;

/**
 * The templates the product mails today (server: `mailer.send(..., { template })`). Template codes
 * are identifiers operators search for verbatim; they are not translated.
 */
export const EMAIL_TEMPLATES = [
  'message.send',
  'team.invite',
  'project.invite',
  'security.reset_link',
  'security.email_changed',
  'security.verify_email',
  'security.change_email',
] as const;

/** Status (several at once), template and time; the contract's `emailLogListFields` decide the rest. */
export function emailLogFilters(t: Translate): FilterConfig {
  const labels = emailStatusLabels(t);
  return filterConfigFrom(emailLogListFields, {
    status: {
      alias: t('Status'),
      type: 'check_list',
      options: EMAIL_STATUSES.map((status) => ({ name: labels[status], value: status })),
    },
    template: {
      alias: t('Template'),
      options: EMAIL_TEMPLATES.map((template) => ({ name: template, value: template })),
    },
    creation_time: { alias: t('Created') },
  });
}
