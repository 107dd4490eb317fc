import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirectPath } from '../../lib/safe-redirect-path';
import { forgetPreviousSession } from '../../lib/session/forget-session';
import type { LightForm } from '../../widgets/light-ui/use-light-form';
import { keepSessionToken } from './keep-session-token';

interface AuthSubmit<Values> {
  submit: (values: Values) => void;
  submitting: boolean;
}

/**
 * Keeps a new session and continues to `next` (or /chat): the end of every way of signing in
 * (password, sign-up, a second factor), so they all behave alike.
 */
export function useFinishSignIn(): (token: string) => void {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return (token) => {
    keepSessionToken(token);
    // Whatever was cached belonged to the previous visitor (or to nobody).
    forgetPreviousSession();
    void navigate(safeRedirectPath(searchParams.get('next'), '/chat'), { replace: true });
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
 * `next` (or /chat). The call is silent: the form puts the server's field messages on its fields
 * and the rest above its button (`LightForm.showServerError`). One call at a time.
 */
export function useAuthSubmit<Values extends Record<string, string>, Answer extends { token: string | null }>(
  form: LightForm<Values>,
  send: (values: Values) => Promise<Answer>,
  { onSecondFactor, onFailed }: AuthSubmitOptions<Answer> = {},
): AuthSubmit<Values> {
  const { t } = useTranslation();
  const finishSignIn = useFinishSignIn();
  const [submitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);

  const submit = (values: Values) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    send(values).then(
      (answer) => {
        inFlight.current = false;
        setSubmitting(false);
        if (answer.token) finishSignIn(answer.token);
        else if (!onSecondFactor?.(answer)) form.setFormError(t('Sorry! Something went wrong...'));
      },
      (error: unknown) => {
        inFlight.current = false;
        setSubmitting(false);
        onFailed?.();
        form.showServerError(error);
      },
    );
  };

  return { submit, submitting };
}
