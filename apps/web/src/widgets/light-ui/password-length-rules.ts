import type { TFunction } from 'i18next';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../lib/light-contract';
import { type FieldRule, rules } from './use-light-form';

/** The server's length limits of a password, said the same way on sign-in, sign-up and resets. */
export function passwordLengthRules<V>(t: TFunction): FieldRule<V>[] {
  return [
    rules.minLength(
      PASSWORD_MIN,
      t('Password must be at least {{count}} characters', {
        count: PASSWORD_MIN,
        defaultValue_one: 'Password must be at least {{count}} character',
      }),
    ),
    rules.maxLength(
      PASSWORD_MAX,
      t('Password must be at most {{count}} characters', {
        count: PASSWORD_MAX,
        defaultValue_one: 'Password must be at most {{count}} character',
      }),
    ),
  ];
}
