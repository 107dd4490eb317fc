import type { resetAdminUserPassword } from '@app/contract/admin/users/user-actions';
import type { EndpointResponse } from '@app/contract/define-endpoint';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

interface ResetLinkResultProps {
  result: EndpointResponse<typeof resetAdminUserPassword>;
  email: string;
  onClose: () => void;
}

/**
 * What became of the reset e-mail. A link that was not sent must not pass for one that was, so
 * the failure stays on the page, in the server's words, until dismissed.
 */
export function ResetLinkResult({ result, email, onClose }: ResetLinkResultProps) {
  const { t } = useTranslation();
  return result.sent ? (
    <Alert
      type="success"
      showIcon
      closable={{ onClose }}
      title={t('A link to set a new password was e-mailed to {{email}}.', { email })}
    />
  ) : (
    <Alert
      type="warning"
      showIcon
      closable={{ onClose }}
      title={t('The reset link was not sent.')}
      description={result.reason ?? t('The server gave no reason.')}
    />
  );
}
