import { RedoOutlined } from '@ant-design/icons';
import type { EmailLog } from '@app/contract/messages/email-logs';
import { App, Descriptions, Drawer, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { emailErrorText } from './email-log-columns';
import { EmailStatusTag } from './email-status-tag';
import { useResendEmail } from './messages-api';
import './admin-messages.css';
import { ConfirmAction } from '../../widgets/confirm-action/confirm-action';

interface EmailLogDrawerProps {
  log: EmailLog | null;
  /** The log as the resend left it, so the drawer shows the new status at once. */
  onResent: (log: EmailLog) => void;
  onClose: () => void;
}

/** One logged e-mail in full, with a resend when its text was kept. */
export function EmailLogDrawer({ log, onResent, onClose }: EmailLogDrawerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const resend = useResendEmail();

  const resendNow = async (id: string) => {
    try {
      const after = await resend.mutateAsync(id);
      onResent(after);
      if (after.status === 'sent') message.success(t('The e-mail was sent'));
      else message.warning(t('The e-mail was not sent; see its status and error'));
    } catch {
      // The error catalogue shows the server's reason (a one-time code, a vanished log).
    }
  };

  return (
    <Drawer
      open={log !== null}
      onClose={onClose}
      title={t('E-mail')}
      size="min(720px, 90vw)"
      extra={
        log?.resendable ? (
          <ConfirmAction
            title={t('Send this e-mail to {{to}} again?', { to: log.to })}
            okText={t('Resend')}
            onConfirm={() => resendNow(log.id)}
            icon={<RedoOutlined aria-hidden />}
            loading={resend.isPending}
          />
        ) : null
      }
    >
      {log ? (
        <>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'to', label: t('To'), children: log.to },
              { key: 'subject', label: t('Subject'), children: <span translate="no">{log.subject}</span> },
              { key: 'status', label: t('Status'), children: <EmailStatusTag status={log.status} /> },
              { key: 'attempts', label: t('Attempts'), children: log.attempts },
              { key: 'error', label: t('Error'), children: emailErrorText(log.error ?? '', t) },
              { key: 'template', label: t('Template'), children: `${log.template} (${log.locale})` },
              { key: 'created', label: t('Created'), children: formatDate(log.creation_time) },
              { key: 'sent', label: t('Sent at'), children: formatDate(log.sent_time) },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            {t('Text')}
          </Typography.Title>
          {log.text === null ? (
            <Typography.Text type="secondary">
              {t('Not kept: this mail held a one-time code or link')}
            </Typography.Text>
          ) : (
            <pre className="admin-messages__text">{log.text}</pre>
          )}
        </>
      ) : null}
    </Drawer>
  );
}
