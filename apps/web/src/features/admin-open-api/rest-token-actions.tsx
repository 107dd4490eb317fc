import { StopOutlined } from '@ant-design/icons';
import type { RestToken } from '@app/contract/admin/open-api/rest-tokens';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../widgets/confirm-action/confirm-action';

/** Revoke, for a token still active (the server refuses an admin who may not edit tokens). */
export function RestTokenActions({
  token,
  onRevoke,
}: {
  token: RestToken;
  onRevoke: (token: RestToken) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  if (token.status !== 'active') return null;
  return (
    <ConfirmAction
      title={t('Revoke the token {{name}}? Its next call is refused.', { name: token.name })}
      okText={t('Revoke')}
      onConfirm={() => onRevoke(token)}
      size="small"
      type="link"
      destructive
      icon={<StopOutlined aria-hidden />}
      aria-label={t('Revoke token {{name}}', { name: token.name })}
    />
  );
}
