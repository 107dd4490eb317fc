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
 * Keeps a new session and continues to `next` (or /chat): the end of every way of signing in
 * (password, sign-up, a second factor), so they all behave alike.
 */
export function useFinishSignIn(): (token: string) => void {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  return (token) => {
    keepSessionToken(token);
    // Whatever was cached belonged to the previous visitor (or to nobody).
    queryClient.removeQueries();
    navigate(safeRedirectPath(searchParams.get('next'), '/chat'), { replace: true });
  };
}

/** The general message for a failed call the server gave no words for. */
export function useFallbackError(): (error: unknown) => string {
  const { t } = useTranslation();
  return (error) => {
    const unreachable = isApiError(error) && (error.kind === 'network' || error.kind === 'timeout');
    return unreachable
      ? t('The service could not be reached. Check your connection and try again.')
      : t('Sorry! Something went wrong...');
  };
}

interface AuthSubmitOptions<Answer> {
  /** An answer without a token: the sign-in waits for a second factor. False when it cannot go on. */
  onSecondFactor?: (answer: Answer) => boolean;
  /** Runs before the errors are placed, e.g. to clear a code that was wrong. */
  onFailed?: () => void;
}

/**
 * Sends a sign-in, sign-up or second-factor form, keeps the returned session and continues to
 * `next` (or /chat). Errors are shown on the form itself, so the call is silent for the global
 * error catalogue.
 */
export function useAuthSubmit<Values extends object, Answer extends { token: string | null }>(
  // Only `setFields` is used; antd types its field names too narrowly for a generic hook.
  form: Pick<FormInstance, 'setFields'>,
  fieldNames: readonly (keyof Values & string)[],
  send: (values: Values) => Promise<Answer>,
  { onSecondFactor, onFailed }: AuthSubmitOptions<Answer> = {},
): AuthSubmit<Values> {
  const finishSignIn = useFinishSignIn();
  const fallbackError = useFallbackError();
  const [formError, setFormError] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: send,
    onMutate: () => setFormError(null),
    onSuccess: (answer) => {
      if (answer.token) finishSignIn(answer.token);
      else if (!onSecondFactor?.(answer)) setFormError(fallbackError(null));
    },
    onError: (error) => {
      onFailed?.();
      const { fields, message } = serverFormErrors(error, fieldNames);
      form.setFields(
        fieldNames.filter((name) => fields[name]).map((name) => ({ name, errors: [fields[name] ?? ''] })),
      );
      if (message) setFormError(message);
      else if (Object.keys(fields).length === 0) setFormError(fallbackError(error));
    },
  });

  return { submit: mutation.mutate, submitting: mutation.isPending, formError };
}
