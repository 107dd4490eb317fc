import type { ErrorBody } from '@app/contract/errors';
import { App } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/api-error';
import { feedbackFor } from '../../lib/api/feedback';
import { applyFeedback } from '../../lib/api/feedback-effects';
import { type FieldMap, keyOf, placeFieldErrors, type ServerErrorsForm } from './place-field-errors';

export {
  type FieldMap,
  type FormFieldName,
  placeFieldErrors,
  type ServerErrorsForm,
} from './place-field-errors';

export interface ServerErrorsOptions {
  fieldMap?: FieldMap;
}

/**
 * The one way a form shows a refused call (make that call `silent`: this hook is where its errors
 * appear). The messages of a VALIDATION_ERROR (or CONFLICT) `fields` go under the form's fields,
 * through `fieldMap` where the names differ; everything else goes to the shared feedback of the
 * error catalogue, as a non-silent call would have shown it. Pass `null` for a form-less caller:
 * then everything goes to the shared feedback.
 */
export function useServerErrors(
  form: ServerErrorsForm | null,
  options: ServerErrorsOptions = {},
): (error: unknown) => void {
  const { t } = useTranslation();
  const { message } = App.useApp();
  // The map is usually an inline literal: read the latest without changing the callback's identity.
  const fieldMap = useRef(options.fieldMap ?? {});
  fieldMap.current = options.fieldMap ?? {};

  return useCallback(
    (error: unknown) => {
      if (!isApiError(error)) {
        void message.error(t('Sorry! Something went wrong...'));
        return;
      }
      if (!error.body) {
        if (error.kind === 'network' || error.kind === 'timeout') {
          void message.error(t('The service could not be reached. Check your connection and try again.'));
        } else if (error.kind === 'invalid_response' || error.kind === 'http') {
          void message.error(t('Sorry! Something went wrong...'));
        }
        // `aborted`: the caller gave up on purpose; there is nothing to say.
        return;
      }
      const { placed, unplaced } = placeFieldErrors(error.body, form, fieldMap.current);
      if (placed.length > 0) form?.setFields(placed);
      if (placed.length > 0 && unplaced.length === 0) return;
      // A field message the form has no field for is the most precise word the server gave.
      const body: ErrorBody = unplaced[0] ? { ...error.body, msg: unplaced[0] } : error.body;
      applyFeedback(feedbackFor(error.status, body, window.location));
    },
    [form, message, t],
  );
}

/**
 * One field's message for a control that lives outside an antd form (an upload button): a target
 * for `useServerErrors` that keeps the message the server gave for `name`, for the page to show
 * beside the control. `setError` lets the page's own checks (a file too large) use the same place.
 */
export function useFieldErrorSlot(name: string): {
  error: string | null;
  setError: (text: string | null) => void;
  target: ServerErrorsForm;
} {
  const [error, setError] = useState<string | null>(null);
  const target = useMemo<ServerErrorsForm>(
    () => ({
      getFieldsError: () => [{ name: [name], errors: [], warnings: [] }],
      setFields: (fields) => {
        const text = fields.find((field) => keyOf(field.name) === name)?.errors?.[0];
        setError(typeof text === 'string' ? text : null);
      },
    }),
    [name],
  );
  return { error, setError, target };
}
