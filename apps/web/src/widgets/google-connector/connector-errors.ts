import { isApiError } from '../../lib/api/api-error';

type Translate = (msgid: string) => string;

/**
 * Spec section 6: with the admin flag the widget shows the server's raw reason (the `why`): its
 * error code, message and request id, what an operator needs to look the failure up.
 */
export function rawReason(error: unknown): string {
  if (!isApiError(error)) return error instanceof Error ? error.message : String(error);
  if (!error.body) return `${error.kind}${error.status ? ` ${error.status}` : ''}: ${error.message}`;
  return `${error.body.error_code}: ${error.body.msg} (req_id ${error.body.req_id})`;
}

/**
 * Why Google's list of properties, sites or customers could not be read (the metadata's `error`):
 * raw for an admin, in plain words for everyone else (Google's own wording means little to them).
 */
export function listErrorText(error: string, admin: boolean, t: Translate): string {
  return admin
    ? error
    : t('Google’s list could not be read just now. Try again later, or reconnect the account.');
}
