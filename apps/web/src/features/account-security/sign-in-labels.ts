import { useTranslation } from 'react-i18next';
import { signInMethodLabel } from '../../lib/labels/account-labels';

/**
 * The sign-in history's `method` and `reason` codes in words. A code added later on the server
 * (a social provider, a new refusal) shows as sent rather than not at all.
 */
export function useSignInLabels() {
  const { t } = useTranslation();
  const reasons: Record<string, string> = {
    invalid_credentials: t('Wrong e-mail or password'),
    invalid_input: t('Invalid input'),
    invalid_code: t('Wrong code'),
    expired: t('Sign-in expired'),
    banned: t('Account banned'),
    locked: t('Too many attempts'),
  };
  return {
    method: (code: string) => signInMethodLabel(code, t),
    reason: (code: string | null) => (code ? (reasons[code] ?? code) : null),
  };
}
