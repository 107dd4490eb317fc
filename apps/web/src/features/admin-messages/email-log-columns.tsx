import type { EmailLog } from '@app/contract/messages/email-logs';
import { formatDate } from '../../lib/format';
import { AsWrittenCell } from '../../widgets/data-grid/as-written-cell';
import type { GridColDef } from '../../widgets/data-grid/column-widths';
import { EmailStatusTag, emailStatusLabels } from './email-status-tag';

type Translate = (msgid: string) => string;

/** The mailer's own reason when no SMTP server is set (platform/mail.ts), the one it writes itself. */
const NO_SMTP = 'not sent: no SMTP configured';

/**
 * Why a mail was not sent: our own reason in the reader's language; anything else is the mail
 * server's answer, shown as it came (an admin needs its exact words to look it up). Whole in its
 * title where a column cuts it.
 */
export function emailErrorText(error: string, t: Translate) {
  if (!error) return null;
  if (error === NO_SMTP) {
    const reason = t('Not sent: no SMTP server is configured');
    return <span title={reason}>{reason}</span>;
  }
  return (
    <span translate="no" title={error}>
      {error}
    </span>
  );
}

/** The e-mail log; the server sorts by time only. */
export function emailLogColumns(t: Translate): GridColDef<EmailLog>[] {
  return [
    {
      field: 'creation_time',
      headerName: t('Created'),
      kind: 'dateTime',
      valueFormatter: ({ value }) => formatDate(value),
    },
    { field: 'to', headerName: t('To'), sortable: false },
    {
      field: 'subject',
      headerName: t('Subject'),
      sortable: false,
      kind: 'longText',
      // The subject as it was sent, in the recipient's language: a record, not a label of ours.
      cellRenderer: AsWrittenCell,
    },
    { field: 'template', headerName: t('Template'), sortable: false, kind: 'code' },
    {
      field: 'status',
      headerName: t('Status'),
      sortable: false,
      kind: 'status',
      samples: Object.values(emailStatusLabels(t)),
      cellRenderer: ({ data }: { data?: EmailLog }) =>
        data ? <EmailStatusTag status={data.status} /> : null,
    },
    {
      field: 'attempts',
      headerName: t('Attempts'),
      sortable: false,
      kind: 'number',
      samples: ['00'],
      type: 'numericColumn',
    },
    {
      field: 'error',
      headerName: t('Error'),
      sortable: false,
      kind: 'longText',
      cellRenderer: ({ value }: { value?: string | null }) => emailErrorText(value ?? '', t),
    },
    {
      field: 'sent_time',
      headerName: t('Sent at'),
      sortable: false,
      kind: 'dateTime',
      valueFormatter: ({ value }) => formatDate(value),
    },
  ];
}
