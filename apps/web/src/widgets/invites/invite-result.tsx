import type { zInviteAnswer } from '@app/contract/account/teams/invite';
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DATE_FORMATS, formatDate } from '../../lib/format';

export type InviteAnswer = z.output<typeof zInviteAnswer>;

interface InviteResultProps {
  answer: InviteAnswer;
}

/**
 * What became of an invite. When the mail did not go out (no SMTP, or it failed) the link is
 * shown once, to copy: the server keeps only its hash, so it cannot be shown again later.
 */
export function InviteResult({ answer }: InviteResultProps) {
  const { t } = useTranslation();
  const email = answer.invite.email;
  const until = formatDate(answer.invite.expires_at, DATE_FORMATS.date);

  if (answer.sent) {
    return (
      <Alert
        type="success"
        showIcon
        title={t('Invitation e-mailed to {{email}}', { email })}
        description={t('The link in it works once, until {{date}}.', { date: until })}
      />
    );
  }
  return (
    <Alert
      type="warning"
      showIcon
      title={t('The invitation e-mail could not be sent')}
      description={
        <>
          {answer.reason ? <Typography.Paragraph>{answer.reason}</Typography.Paragraph> : null}
          <Typography.Paragraph>
            {t(
              'The invite stands. Copy this link now and pass it on to {{email}}; it works once, until {{date}}, and cannot be shown again.',
              { email, date: until },
            )}
          </Typography.Paragraph>
          <Typography.Paragraph
            code
            copyable={{ text: answer.link, tooltips: [t('Copy link'), t('Copied')] }}
            style={{ wordBreak: 'break-all', marginBottom: 0 }}
            aria-label={t('Invite link')}
          >
            {answer.link}
          </Typography.Paragraph>
        </>
      }
    />
  );
}
