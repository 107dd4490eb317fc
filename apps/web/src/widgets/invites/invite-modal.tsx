import type { InviteBody, PendingInvite } from '@app/contract/account/teams/invite';
import { Button, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerErrors } from '../form-errors/use-server-errors';
import { type InviteAnswer, InviteResult } from './invite-result';

export type InviteRole = PendingInvite['role'];

interface InviteModalProps {
  open: boolean;
  title: string;
  /** Admin and member, each labelled with what it may do where the invite leads. */
  roleOptions: { value: InviteRole; label: string }[];
  /** Sends the invite (silently: this modal shows every outcome). */
  onInvite: (values: InviteBody) => Promise<InviteAnswer>;
  onClose: () => void;
}

/**
 * Invite by e-mail, then say what happened: mailed, or the link to pass on by hand. The answer
 * stays until the inviter closes the modal or starts another invite, so a link is not lost.
 */
export function InviteModal({ open, title, roleOptions, onInvite, onClose }: InviteModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<InviteBody>();
  const [sending, setSending] = useState(false);
  const showErrors = useServerErrors(form);
  const [answer, setAnswer] = useState<InviteAnswer | null>(null);

  const send = async (values: InviteBody) => {
    setSending(true);
    try {
      setAnswer(await onInvite({ email: values.email.trim(), role: values.role }));
    } catch (error) {
      showErrors(error);
    } finally {
      setSending(false);
    }
  };

  const another = () => {
    setAnswer(null);
    form.resetFields();
  };

  const close = () => {
    setAnswer(null);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={title}
      onCancel={close}
      destroyOnHidden
      footer={
        answer
          ? [
              <Button key="another" onClick={another}>
                {t('Invite someone else')}
              </Button>,
              <Button key="done" type="primary" onClick={close}>
                {t('Done')}
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={close}>
                {t('Cancel')}
              </Button>,
              <Button key="send" type="primary" loading={sending} onClick={() => form.submit()}>
                {t('Send invite')}
              </Button>,
            ]
      }
    >
      {answer ? <InviteResult answer={answer} /> : null}
      {/* Kept mounted under the answer, so "invite someone else" can reset it. */}
      <Form<InviteBody>
        form={form}
        hidden={answer !== null}
        layout="vertical"
        requiredMark={false}
        initialValues={{ email: '', role: 'member' }}
        onFinish={send}
      >
        <Form.Item
          name="email"
          label={t('E-mail')}
          rules={[
            { required: true, whitespace: true, message: t('Please enter an e-mail address') },
            { type: 'email', message: t('Enter a valid e-mail address') },
          ]}
        >
          <Input type="email" autoComplete="off" placeholder="name@example.com" />
        </Form.Item>
        <Form.Item name="role" label={t('Role')} rules={[{ required: true, message: t('Choose a role') }]}>
          <Select options={roleOptions} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
