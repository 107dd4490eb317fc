import type { FormInstance } from 'antd';
import { isApiError } from '../../lib/api/api-error';
import { showServerErrors } from '../../widgets/form-errors/server-field-errors';
import type { MessageLevel } from './message-levels';
import type { SendBody } from './messages-api';
import type { ChosenUser } from './user-select';

type Translate = (msgid: string) => string;

export type AudienceKind = 'all' | 'role' | 'team' | 'users';
export type Channel = 'in_app' | 'email';

export interface SendFormValues {
  audience: AudienceKind;
  role?: string;
  team_id?: string;
  users?: ChosenUser[];
  channels: Channel[];
  level: MessageLevel;
  title: string;
  body: string;
}

export const INITIAL_SEND_VALUES: Partial<SendFormValues> = {
  audience: 'all',
  channels: ['in_app'],
  level: 'other',
  title: '',
  body: '',
};

/** Only the picker of the chosen audience counts: a team picked and then abandoned is not sent. */
export function toSendBody(values: SendFormValues): SendBody {
  const audience: SendBody['audience'] =
    values.audience === 'role'
      ? { kind: 'role', role: values.role ?? '' }
      : values.audience === 'team'
        ? { kind: 'team', team_id: values.team_id ?? '' }
        : values.audience === 'users'
          ? { kind: 'users', user_ids: (values.users ?? []).map((user) => user.value) }
          : { kind: 'all' };
  return {
    audience,
    in_app: values.channels.includes('in_app'),
    email: values.channels.includes('email'),
    level: values.level,
    title: values.title,
    body: values.body,
  };
}

/** The server's field names (`audience.team_id`, `in_app`) as this form's fields. */
const FORM_FIELD: Record<string, keyof SendFormValues> = {
  audience: 'audience',
  'audience.kind': 'audience',
  'audience.role': 'role',
  'audience.team_id': 'team_id',
  'audience.user_ids': 'users',
  in_app: 'channels',
  email: 'channels',
  level: 'level',
  title: 'title',
  body: 'body',
};

/**
 * Puts a refused preview or send on the fields the server names and returns the one message no
 * field owns (null when every message found its field).
 */
export function showSendErrors(
  form: Pick<FormInstance<SendFormValues>, 'setFields'>,
  error: unknown,
  t: Translate,
): string | null {
  const fields = isApiError(error) ? error.body?.fields : undefined;
  if (!fields) return showServerErrors(form, error, [], t);
  const placed = new Map<keyof SendFormValues, string>();
  const unplaced: string[] = [];
  for (const [name, text] of Object.entries(fields)) {
    const field = FORM_FIELD[name] ?? FORM_FIELD[name.replace(/\.\d+$/, '')];
    if (field && !placed.has(field)) placed.set(field, text);
    else if (!field) unplaced.push(text);
  }
  form.setFields([...placed].map(([name, text]) => ({ name, errors: [text] })));
  if (placed.size > 0 && unplaced.length === 0) return null;
  return unplaced[0] ?? (isApiError(error) ? (error.body?.msg ?? error.message) : null);
}
