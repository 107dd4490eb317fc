import { USERNAME_MAX } from '@app/contract/account/profile/profile';
import { App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useServerErrors } from '../../widgets/form-errors/use-server-errors';
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
  const showErrors = useServerErrors(form);
  const typed = Form.useWatch('username', form);
  const unchanged = (typed ?? username).trim() === username;

  const submit = ({ username: next }: UsernameValues) => {
    rename.mutate(next.trim(), {
      onSuccess: (profile) => {
        form.setFieldsValue({ username: profile.username });
        void message.success(t('Name saved'));
      },
      onError: showErrors,
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
          {
            max: USERNAME_MAX,
            message: t('Name must be at most {{count}} characters', {
              count: USERNAME_MAX,
              defaultValue_one: 'Name must be at most {{count}} character',
            }),
          },
        ]}
      >
        <Input autoComplete="nickname" maxLength={USERNAME_MAX} showCount style={{ maxWidth: 420 }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={rename.isPending} disabled={unchanged}>
        {t('Save')}
      </Button>
    </Form>
  );
}
