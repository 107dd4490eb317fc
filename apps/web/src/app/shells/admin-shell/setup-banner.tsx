import { getSetupNotices } from '@app/contract/admin/setup/setup-notices';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api/client';

/**
 * The admin console's banner for what the server is not set up for yet (issue 26): without mail,
 * password resets, invitations and e-mail codes cannot reach anyone, and users are told so; the
 * operator sees it on every admin page until SMTP_URL is set.
 */
export function SetupBanner() {
  const { t } = useTranslation();
  const notices = useQuery({
    queryKey: ['admin', 'setup-notices'],
    queryFn: ({ signal }) => callApi(getSetupNotices, { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
  if (!notices.data || notices.data.mail_configured) return null;
  return (
    <Alert
      type="warning"
      showIcon
      banner
      className="admin-shell__setup"
      title={t('Mail is not set up on this server')}
      description={
        <>
          {t(
            'Password resets, invitations and e-mail codes cannot be sent: users are told so. Set the mail server in the server environment, then restart it:',
          )}{' '}
          {/* The variable's name, as written in any language. */}
          <code translate="no">SMTP_URL</code>
        </>
      }
    />
  );
}
