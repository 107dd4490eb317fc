import type { FormInstance } from 'antd';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/api-error';
import { feedbackFor } from '../../lib/api/feedback';
import { applyFeedback } from '../../lib/api/feedback-effects';

/** The server's field names mapped to the form's (`confirm_password` is the form's `confirm`). */
export type FieldMap = Record<string, string>;

/**
 * Shows a failed silent call: messages for the form's fields go on those fields (the call was
 * silent so they do not also pop up as a toast), anything else goes to the error catalogue as a
 * non-silent call would have shown it (sign-in redirect, server-error dialog, warning).
 */
export function useSubmitErrors() {
  const { t } = useTranslation();
  const { message } = App.useApp();

  return (form: Pick<FormInstance, 'setFields'> | null, error: unknown, fieldMap: FieldMap = {}) => {
    if (!isApiError(error)) {
      void message.error(t('Sorry! Something went wrong...'));
      return;
    }
    if (!error.body) {
      if (error.kind === 'network' || error.kind === 'timeout') {
        void message.error(t('The service could not be reached. Check your connection and try again.'));
      } else if (error.kind === 'invalid_response') {
        void message.error(t('Sorry! Something went wrong...'));
      }
      return;
    }
    const placed: { name: string; errors: string[] }[] = [];
    const unplaced: string[] = [];
    for (const [name, text] of Object.entries(error.body.fields ?? {})) {
      const field = fieldMap[name];
      if (field && form) placed.push({ name: field, errors: [text] });
      else unplaced.push(text);
    }
    form?.setFields(placed);
    if (placed.length > 0 && unplaced.length === 0) return;
    const body = unplaced[0] ? { ...error.body, msg: unplaced[0] } : error.body;
    applyFeedback(feedbackFor(error.status, body, window.location));
  };
}
