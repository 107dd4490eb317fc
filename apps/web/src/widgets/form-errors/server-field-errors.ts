import type { FormInstance } from 'antd';
import { isApiError } from '../../lib/api/api-error';

type Translate = (msgid: string) => string;

/**
 * Shows a failed save on the form that sent it: the server's per-field messages
 * (VALIDATION_ERROR and CONFLICT `fields`) under their fields, and returns the one message no
 * field owns so the form can show it above its buttons (null when every message found a field).
 * Forms call silently, so this is the only place their errors appear.
 */
export function showServerErrors(
  form: Pick<FormInstance, 'setFields'>,
  error: unknown,
  formFields: readonly string[],
  t: Translate,
): string | null {
  if (!isApiError(error)) return t('Sorry! Something went wrong...');
  if (error.kind === 'network' || error.kind === 'timeout') {
    return t('The service could not be reached. Check your connection and try again.');
  }
  const placed: { name: string; errors: string[] }[] = [];
  const unplaced: string[] = [];
  for (const [name, text] of Object.entries(error.body?.fields ?? {})) {
    if (formFields.includes(name)) placed.push({ name, errors: [text] });
    else unplaced.push(text);
  }
  form.setFields(placed);
  if (placed.length > 0 && unplaced.length === 0) return null;
  return unplaced[0] ?? error.body?.msg ?? error.message;
}
