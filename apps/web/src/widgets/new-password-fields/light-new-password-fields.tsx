import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../lib/light-contract';
import { LightIcon } from '../light-ui/icon';
import { LOCK_ICON } from '../light-ui/icons/lock';
import { passwordLengthRules } from '../light-ui/password-length-rules';
import { PasswordField } from '../light-ui/text-field';
import { type FieldRule, type LightForm, rules } from '../light-ui/use-light-form';

type PasswordPair<N extends string> = Record<N | 'confirm', string>;

/**
 * The rules of a new password and its confirmation for a light form, in the words of the antd
 * `NewPasswordFields` (the same msgids, so one translation serves both): the server's length
 * limits, and the spec's shared text when the two differ ('两次输入的密码不一致' in Chinese).
 * Strength is the server's to judge; its refusal lands on the password field.
 */
export function newPasswordRules<N extends string, V extends PasswordPair<N>>(
  t: TFunction,
  name: N,
): Record<N | 'confirm', FieldRule<V>[]> {
  const password: FieldRule<V>[] = [rules.present(t('Please enter a password')), ...passwordLengthRules(t)];
  const confirm: FieldRule<V>[] = [
    rules.present(t('Please confirm your password')),
    (value, values) => (value && values[name] !== value ? t('The two passwords do not match') : null),
  ];
  return { [name]: password, confirm } as Record<N | 'confirm', FieldRule<V>[]>;
}

interface LightNewPasswordFieldsProps<N extends string, V extends PasswordPair<N>> {
  form: LightForm<V>;
  /** The form field of the new password (`password` at sign-up, `newPassword` on a reset). */
  name: N;
  label: string;
}

/** The two password fields of `newPasswordRules`, with the hint of what the server looks for. */
export function LightNewPasswordFields<N extends string, V extends PasswordPair<N>>({
  form,
  name,
  label,
}: LightNewPasswordFieldsProps<N, V>) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        {...form.field(name)}
        label={label}
        prefix={<LightIcon shape={LOCK_ICON} />}
        autoComplete="new-password"
        hint={
          <>
            <div>
              {t('At least {{count}} characters', {
                count: PASSWORD_MIN,
                defaultValue_one: 'At least {{count}} character',
              })}
            </div>
            <div>{t('A few uncommon words make a strong password; avoid your name and e-mail address.')}</div>
          </>
        }
      />
      <PasswordField
        {...form.field('confirm')}
        label={t('Confirm password')}
        prefix={<LightIcon shape={LOCK_ICON} />}
        autoComplete="new-password"
      />
    </>
  );
}
