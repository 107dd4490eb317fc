import type { EmailLog } from '@app/contract/messages/email-logs';
import type { ColDef } from 'ag-grid-community';
import { formatDate } from '../../lib/format';
import { EmailStatusTag } from './email-status-tag';

type Translate = (msgid: string) => string;

/** The mailer's own reason when no SMTP server is set (platform/mail.ts), the one it writes itself. */
const NO_SMTP = 'not sent: no SMTP configured';

/**
 * Why a mail was not sent: our own reason in the reader's language; anything else is the mail
 * server's answer, shown as it came (an admin needs its exact words to look it up).
 */
export function emailErrorText(error: string, t: Translate) {
  if (!error) return null;
  if (error === NO_SMTP) return t('Not sent: no SMTP server is configured');
  return <span translate="no">{error}</span>;
}

/** The e-mail log; the server sorts by time only. */
export function emailLogColumns(t: Translate): ColDef<EmailLog>[] {
  return [
    {
      field: 'creation_time',
      headerName: t('Created'),
      minWidth: 160,
      valueFormatter: ({ value }) => formatDate(value),
    },
    { field: 'to', headerName: t('To'), sortable: false, minWidth: 180 },
    {
      field: 'subject',
      headerName: t('Subject'),
      sortable: false,
      flex: 2,
      minWidth: 180,
      // The subject as it was sent, in the recipient's language: a record, not a label of ours.
      cellRenderer: ({ value }: { value?: string }) => <span translate="no">{value}</span>,
    },
    { field: 'template', headerName: t('Template'), sortable: false, minWidth: 150 },
    {
      field: 'status',
      headerName: t('Status'),
      sortable: false,
      minWidth: 100,
      maxWidth: 120,
      cellRenderer: ({ data }: { data?: EmailLog }) =>
        data ? <EmailStatusTag status={data.status} /> : null,
    },
    {
      field: 'attempts',
      headerName: t('Attempts'),
      sortable: false,
      minWidth: 90,
      maxWidth: 110,
      type: 'numericColumn',
    },
    {
      field: 'error',
      headerName: t('Error'),
      sortable: false,
      flex: 1,
      minWidth: 160,
      cellRenderer: ({ value }: { value?: string | null }) => emailErrorText(value ?? '', t),
    },
    {
      field: 'sent_time',
      headerName: t('Sent at'),
      sortable: false,
      minWidth: 160,
      valueFormatter: ({ value }) => formatDate(value),
    },
  ];
}
