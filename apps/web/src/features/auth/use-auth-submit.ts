import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirectPath } from '../../app/safe-redirect-path';
import { isApiError } from '../../lib/api/api-error';
import { keepSessionToken } from './keep-session-token';
import { serverFormErrors } from './server-form-errors';

interface AuthSubmit<Values> {
  submit: (values: Values) => void;
  submitting: boolean;
  /** A failure no single field owns (wrong password, too many attempts, network down). */
  formError: string | null;
}

/**
 * Sends a sign-in or sign-up form, keeps the returned session and continues to `next` (or /chat).
 * Errors are shown on the form itself, so the call is silent for the global error catalogue.
 */
export function useAuthSubmit<Values extends object>(
  // Only `setFields` is used; antd types its field names too narrowly for a generic hook.
  form: Pick<FormInstance, 'setFields'>,
  fieldNames: readonly (keyof Values & string)[],
  // Sign-in answers no token while a second factor is pending (two-factor authentication).
  send: (values: Values) => Promise<{ token: string | null }>,
): AuthSubmit<Values> {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: send,
    onMutate: () => setFormError(null),
    onSuccess: ({ token }) => {
      if (!token) {
        // The code step (POST /api/auth/two-factor/verify-totp) comes with the account-area pages of
        // issue 4; until then the form says plainly why it cannot continue.
        setFormError(t('This account needs a code from an authenticator app to sign in'));
        return;
      }
      keepSessionToken(token);
      // Whatever was cached belonged to the previous visitor (or to nobody).
      queryClient.removeQueries();
      navigate(safeRedirectPath(searchParams.get('next'), '/chat'), { replace: true });
    },
    onError: (error) => {
      const { fields, message } = serverFormErrors(error, fieldNames);
      form.setFields(
        fieldNames.filter((name) => fields[name]).map((name) => ({ name, errors: [fields[name] ?? ''] })),
      );
      if (message) setFormError(message);
      else if (Object.keys(fields).length === 0) {
        const unreachable = isApiError(error) && (error.kind === 'network' || error.kind === 'timeout');
        setFormError(
          unreachable
            ? t('The service could not be reached. Check your connection and try again.')
            : t('Sorry! Something went wrong...'),
        );
      }
    },
  });

  return { submit: mutation.mutate, submitting: mutation.isPending, formError };
}
