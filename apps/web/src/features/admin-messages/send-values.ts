import type { Audience } from '@app/contract/messages/send';
import type { FieldMap } from '../../widgets/form-errors/use-server-errors';
import type { MessageLevel } from './message-levels';
import type { SendBody } from './messages-api';
import type { ChosenUser } from './user-select';

export type AudienceKind = Audience['kind'];
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

/**
 * The server's field names (`audience.team_id`, `in_app`) as this form's fields; a message about
 * one chosen user (`audience.user_ids.2`) lands on the users picker.
 */
export const SEND_FIELD_MAP: FieldMap = {
  'audience.kind': 'audience',
  'audience.role': 'role',
  'audience.team_id': 'team_id',
  'audience.user_ids': 'users',
  in_app: 'channels',
  email: 'channels',
};
