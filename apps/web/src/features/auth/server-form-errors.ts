import { isApiError } from '../../lib/api/api-error';

export interface ServerFormErrors {
  /** Messages for fields the form shows, keyed by field name. */
  fields: Record<string, string>;
  /** The server's text for what no field of the form owns; null when it gave none. */
  message: string | null;
}

/**
 * Splits a failed call into messages for the form's own fields (VALIDATION_ERROR and CONFLICT
 * name them in `fields`) and one general message for everything else.
 */
export function serverFormErrors(error: unknown, formFields: readonly string[]): ServerFormErrors {
  if (!isApiError(error) || !error.body) return { fields: {}, message: null };
  const fields: Record<string, string> = {};
  const unplaced: string[] = [];
  for (const [name, text] of Object.entries(error.body.fields ?? {})) {
    if (formFields.includes(name)) fields[name] = text;
    else unplaced.push(text);
  }
  const placedAll = Object.keys(fields).length > 0 && unplaced.length === 0;
  return { fields, message: placedAll ? null : (unplaced[0] ?? error.body.msg) };
}
