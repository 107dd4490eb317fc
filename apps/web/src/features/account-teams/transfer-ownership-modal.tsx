import type { TeamMember } from '@app/contract/account/teams/team-members';
import { Alert, App, Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';

interface TransferOwnershipModalProps {
  open: boolean;
  teamName: string;
  members: TeamMember[];
  transferring: boolean;
  onTransfer: (userId: string) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Owner only: pick the member who takes the team over, then confirm. The old owner stays as an
 * admin, and only the new owner can give the team back.
 */
export function TransferOwnershipModal({
  open,
  teamName,
  members,
  transferring,
  onTransfer,
  onClose,
}: TransferOwnershipModalProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [form] = Form.useForm<{ user_id: string }>();
  const candidates = members.filter((member) => !member.is_me);

  const confirm = ({ user_id }: { user_id: string }) => {
    const name = candidates.find((member) => member.user_id === user_id)?.username ?? '';
    modal.confirm({
      title: t('Make {{name}} the owner of {{team}}?', { name, team: teamName }),
      content: t(
        'You will become an admin. Only the new owner can change roles, transfer or delete the team.',
      ),
      okText: t('Transfer'),
      okButtonProps: { danger: true },
      cancelText: t('Cancel'),
      // A refusal is shown by the error catalogue; the dialog just closes.
      onOk: () => onTransfer(user_id).then(onClose, () => undefined),
    });
  };

  return (
    <Modal
      open={open}
      title={t('Transfer ownership')}
      okText={t('Continue')}
      okButtonProps={{ loading: transferring, disabled: candidates.length === 0 }}
      cancelText={t('Cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {candidates.length === 0 ? (
        <Alert
          type="info"
          showIcon
          title={t('Invite someone first: the team can only go to one of its members.')}
        />
      ) : (
        <Form form={form} layout="vertical" requiredMark={false} onFinish={confirm}>
          <Form.Item
            name="user_id"
            label={t('New owner')}
            rules={[{ required: true, message: t('Choose a member') }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={candidates.map((member) => ({
                value: member.user_id,
                label: `${member.username} (${member.email})`,
              }))}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
