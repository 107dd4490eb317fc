import { LockOutlined } from '@ant-design/icons';
import { PASSWORD_MAX, PASSWORD_MIN } from '@app/contract/auth/sign-up';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

export interface NewPasswordFieldsProps {
  /** The form field of the new password (`password` at sign-up, `newPassword` on a reset). */
  name: string;
  label: string;
}

/**
 * A new password and its confirmation, inside an antd Form: the server's length rules, and the
 * spec's shared text when the two differ ('两次输入的密码不一致' in Chinese). Strength is checked
 * by the server only; its refusal lands on this field through the form's server-error mapping.
 */
export function NewPasswordFields({ name, label }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name={name}
        label={label}
        // The server judges strength (zxcvbn, too large for these pages' budget) and says why it
        // refuses on this field; the hint tells what it looks for before anyone is refused.
        extra={
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
        rules={[
          { required: true, message: t('Please enter a password') },
          {
            min: PASSWORD_MIN,
            message: t('Password must be at least {{count}} characters', {
              count: PASSWORD_MIN,
              defaultValue_one: 'Password must be at least {{count}} character',
            }),
          },
          {
            max: PASSWORD_MAX,
            message: t('Password must be at most {{count}} characters', {
              count: PASSWORD_MAX,
              defaultValue_one: 'Password must be at most {{count}} character',
            }),
          },
        ]}
      >
        <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('Confirm password')}
        dependencies={[name]}
        rules={[
          { required: true, message: t('Please confirm your password') },
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              !value || getFieldValue(name) === value
                ? Promise.resolve()
                : Promise.reject(new Error(t('The two passwords do not match'))),
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
