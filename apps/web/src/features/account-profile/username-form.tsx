import { USERNAME_MAX } from '@app/contract/account/profile/profile';
import { Alert, App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/api-error';
import { useProfileMutations } from './profile-api';

interface UsernameValues {
  username: string;
}

/** The name shown to teammates and in the top bar; the server trims it as the contract says. */
export function UsernameForm({ username }: { username: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<UsernameValues>();
  const { rename } = useProfileMutations();
  const [formError, setFormError] = useState<string | null>(null);
  const typed = Form.useWatch('username', form);
  const unchanged = (typed ?? username).trim() === username;

  const submit = ({ username: next }: UsernameValues) => {
    setFormError(null);
    rename.mutate(next.trim(), {
      onSuccess: (profile) => {
        form.setFieldsValue({ username: profile.username });
        void message.success(t('Name saved'));
      },
      onError: (error) => {
        const field = isApiError(error) ? error.body?.fields?.username : undefined;
        if (field) form.setFields([{ name: 'username', errors: [field] }]);
        else
          setFormError(
            isApiError(error) && error.body ? error.body.msg : t('Sorry! Something went wrong...'),
          );
      },
    });
  };

  return (
    <Form<UsernameValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ username }}
      onFinish={submit}
    >
      <Form.Item
        name="username"
        label={t('Username')}
        rules={[
          { required: true, whitespace: true, message: t('Please enter your name') },
          { max: USERNAME_MAX, message: t('Name must be at most {{max}} characters', { max: USERNAME_MAX }) },
        ]}
      >
        <Input autoComplete="nickname" maxLength={USERNAME_MAX} showCount style={{ maxWidth: 420 }} />
      </Form.Item>
      {formError ? <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} /> : null}
      <Button type="primary" htmlType="submit" loading={rename.isPending} disabled={unchanged}>
        {t('Save')}
      </Button>
    </Form>
  );
}
