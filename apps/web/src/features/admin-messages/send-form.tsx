import { EyeOutlined, SendOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Checkbox, Flex, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerErrors } from '../../widgets/form-errors/use-server-errors';
import { AudienceFields } from './audience-fields';
import { levelChoices } from './message-levels';
import { type SendBody, useSendMutations } from './messages-api';
import { SendPreview, type SendPreviewResult } from './send-preview';
import { INITIAL_SEND_VALUES, SEND_FIELD_MAP, type SendFormValues, toSendBody } from './send-values';

interface SentResult {
  recipients: number;
  emails: number;
}

/**
 * Compose a message: audience, channels, level, title and text. Preview counts the recipients and
 * renders the e-mail; Send asks again with the count it is about to reach. A changed form drops
 * its preview, so what was previewed is always what is on screen.
 */
export function SendForm() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<SendFormValues>();
  const { preview, send } = useSendMutations();
  const [previewed, setPreviewed] = useState<SendPreviewResult | null>(null);
  // Only the page's own word (nobody matches); the server's refusals go through useServerErrors.
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<SentResult | null>(null);
  // Send counts the recipients before it asks; its button spins meanwhile, not Preview's.
  const [counting, setCounting] = useState(false);

  const fail = useServerErrors(form, { fieldMap: SEND_FIELD_MAP });

  const countRecipients = async (body: SendBody) => {
    setFormError(null);
    setSent(null);
    const result = await preview.mutateAsync(body);
    setPreviewed(result);
    return result;
  };

  const showPreview = async () => {
    let values: SendFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // The form shows what is missing.
    }
    await countRecipients(toSendBody(values)).catch(fail);
  };

  const deliver = async (body: SendBody) => {
    try {
      const result = await send.mutateAsync(body);
      const outcome = { recipients: result.recipients, emails: result.emails_queued };
      message.success(sentText(t, outcome.recipients, outcome.emails));
      form.resetFields();
      setPreviewed(null);
      setSent(outcome);
    } catch (error) {
      fail(error);
    }
  };

  const confirmAndSend = async (values: SendFormValues) => {
    const body = toSendBody(values);
    let counted: SendPreviewResult;
    setCounting(true);
    try {
      // Counted now rather than reusing an older preview: users join and leave in between.
      counted = await countRecipients(body);
    } catch (error) {
      fail(error);
      return;
    } finally {
      setCounting(false);
    }
    if (counted.recipients === 0) {
      setFormError(t('Nobody matches this audience.'));
      return;
    }
    modal.confirm({
      title: t('Send this message to {{count}} users?', {
        count: counted.recipients,
        defaultValue_one: 'Send this message to {{count}} user?',
      }),
      content: body.email
        ? t('They get it in the app and by e-mail. A sent message cannot be taken back.')
        : t('They get it in the app. A sent message cannot be taken back.'),
      okText: t('Send'),
      cancelText: t('Cancel'),
      onOk: () => deliver(body),
    });
  };

  return (
    <Card title={t('New message')} style={{ marginBottom: 24 }}>
      <Form<SendFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        className="admin-messages__compose"
        initialValues={INITIAL_SEND_VALUES}
        onValuesChange={() => {
          setPreviewed(null);
          setFormError(null);
        }}
        onFinish={(values) => void confirmAndSend(values)}
      >
        <AudienceFields />
        <Form.Item
          name="channels"
          label={t('Channels')}
          rules={[{ required: true, type: 'array', min: 1, message: t('Choose in-app, e-mail or both') }]}
        >
          <Checkbox.Group
            options={[
              { value: 'in_app', label: t('In-app') },
              { value: 'email', label: t('E-mail') },
            ]}
          />
        </Form.Item>
        <Form.Item name="level" label={t('Level')} rules={[{ required: true, message: t('Choose a level') }]}>
          <Select options={levelChoices(t)} style={{ maxWidth: 240 }} />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('Title')}
          rules={[
            { required: true, whitespace: true, message: t('Enter a title') },
            { max: 120, message: t('At most 120 characters') },
          ]}
        >
          <Input autoComplete="off" maxLength={120} />
        </Form.Item>
        <Form.Item
          name="body"
          label={t('Text')}
          rules={[
            { required: true, whitespace: true, message: t('Enter the text') },
            { max: 5000, message: t('At most 5000 characters') },
          ]}
        >
          <Input.TextArea rows={6} maxLength={5000} showCount />
        </Form.Item>
        {previewed ? <SendPreview preview={previewed} /> : null}
        {formError ? <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} /> : null}
        {sent ? (
          <Alert
            type="success"
            showIcon
            closable
            onClose={() => setSent(null)}
            title={sentText(t, sent.recipients, sent.emails)}
            style={{ marginBottom: 16 }}
          />
        ) : null}
        <Flex gap={8} wrap>
          <Button
            icon={<EyeOutlined aria-hidden />}
            loading={preview.isPending && !counting}
            disabled={counting}
            onClick={() => void showPreview()}
          >
            {t('Preview')}
          </Button>
          <Button
            type="primary"
            htmlType="submit"
            icon={<SendOutlined aria-hidden />}
            loading={send.isPending || counting}
          >
            {t('Send')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}

type Translate = (msgid: string, options?: Record<string, unknown>) => string;

/** "Sent to 3 users; 2 e-mails queued": each count in its own plural form. */
function sentText(t: Translate, recipients: number, emails: number): string {
  return t('Sent to {{users}}; {{emails}} queued', {
    users: t('{{count}} users', { count: recipients, defaultValue_one: '{{count}} user' }),
    emails: t('{{count}} e-mails', { count: emails, defaultValue_one: '{{count}} e-mail' }),
  });
}
