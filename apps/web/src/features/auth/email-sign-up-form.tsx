import { useTranslation } from 'react-i18next';
import { lightCall } from '../../lib/api/light-client';
import { LightButton } from '../../widgets/light-ui/button';
import { LightAlert } from '../../widgets/light-ui/feedback';
import { LightIcon } from '../../widgets/light-ui/icon';
import { MAIL_ICON } from '../../widgets/light-ui/icons/mail';
import { USER_ICON } from '../../widgets/light-ui/icons/user';
import { TextField } from '../../widgets/light-ui/text-field';
import { rules, useLightForm } from '../../widgets/light-ui/use-light-form';
import {
  LightNewPasswordFields,
  newPasswordRules,
} from '../../widgets/new-password-fields/light-new-password-fields';
import { signUpEndpoint } from './auth-endpoints';
import { useAuthSubmit } from './use-auth-submit';

const NAME_MAX = 64;

/** E-mail sign-up, shared by both regional variants of /sign-up. */
export function EmailSignUpForm() {
  const { t } = useTranslation();
  const form = useLightForm(
    { name: '', email: '', password: '', confirm: '' },
    {
      rules: {
        name: [
          rules.required(t('Please enter your name')),
          rules.maxLength(
            NAME_MAX,
            t('Name must be at most {{count}} characters', {
              count: NAME_MAX,
              defaultValue_one: 'Name must be at most {{count}} character',
            }),
          ),
        ],
        email: [
          rules.required(t('Please enter your e-mail address')),
          rules.email(t('Enter a valid e-mail address')),
        ],
        ...newPasswordRules(t, 'password'),
      },
    },
  );
  const { submit, submitting } = useAuthSubmit(form, ({ name, email, password }) =>
    lightCall(signUpEndpoint, { body: { name, email, password }, silent: true }),
  );

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)}>
      <TextField
        {...form.field('name')}
        label={t('Your name')}
        prefix={<LightIcon shape={USER_ICON} />}
        autoComplete="name"
      />
      <TextField
        {...form.field('email')}
        label={t('E-mail')}
        prefix={<LightIcon shape={MAIL_ICON} />}
        autoComplete="email"
        inputMode="email"
        placeholder="name@company.com"
      />
      <LightNewPasswordFields form={form} name="password" label={t('Password')} />
      {form.formError ? (
        <LightAlert type="error" role="alert" title={form.formError} className="lui-form-error" />
      ) : null}
      <LightButton type="submit" variant="primary" block busy={submitting}>
        {t('Create account')}
      </LightButton>
    </form>
  );
}
