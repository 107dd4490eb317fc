import { isApiError } from '../../lib/api/api-error';
import { feedbackFor } from '../../lib/api/feedback';
import { applyFeedback } from '../../lib/api/feedback-effects';

/** `Name` is the form's field name type, e.g. `'website'` or `['competitors', 1]`. */
export interface FieldError<Name> {
  name: Name;
  errors: string[];
}

/**
 * Shows a failed silent call: the messages of a VALIDATION_ERROR (or CONFLICT) under the fields
 * `place` finds for them, and anything no field owns through the error catalogue as a
 * non-silent call would have (toast, sign-in redirect, server-error dialog).
 */
export function applyServerErrors<Name>(
  error: unknown,
  place: (wireName: string) => Name | null,
  setFields: (fields: FieldError<Name>[]) => void,
): void {
  if (!isApiError(error)) return;
  const placed: FieldError<Name>[] = [];
  let unplaced = false;
  for (const [wireName, text] of Object.entries(error.body?.fields ?? {})) {
    const name = place(wireName);
    if (name === null) unplaced = true;
    else placed.push({ name, errors: [text] });
  }
  setFields(placed);
  if (placed.length === 0 || unplaced) {
    applyFeedback(feedbackFor(error.status, error.body, window.location));
  }
}
