import { CopyOutlined } from '@ant-design/icons';
import type { RestToken } from '@app/contract/admin/open-api/rest-tokens';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { copyText } from '../../widgets/copy-text/copy-text';
import { useServerErrors } from '../../widgets/form-errors/use-server-errors';
import { issueToken, tokenScopesQuery, tokenTeamsQuery } from './open-api-api';

interface Values {
  name: string;
  team_id: string;
  scopes: string[];
  expires_in_days: number | 'never';
  rate_limit_per_minute: number;
}

const LIFETIMES = [30, 90, 365] as const;

/**
 * Issues a REST token: name, team, scopes (those the admin holds, each with the endpoints it
 * opens), lifetime and rate limit; then shows the token this once, to copy.
 */
export function IssueTokenModal({
  open,
  onClose,
  onIssued,
}: {
  open: boolean;
  onClose: () => void;
  onIssued: (token: RestToken) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const showErrors = useServerErrors(form);
  const [teamSearch, setTeamSearch] = useState('');
  const [issued, setIssued] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const scopes = useQuery({ ...tokenScopesQuery(), enabled: open });
  const teams = useQuery({ ...tokenTeamsQuery(teamSearch), enabled: open });

  const close = () => {
    setIssued(null);
    form.resetFields();
    onClose();
  };

  const submit = async (values: Values) => {
    setSaving(true);
    try {
      const answer = await issueToken({
        name: values.name,
        team_id: values.team_id,
        scopes: values.scopes as never,
        expires_in_days: values.expires_in_days === 'never' ? null : values.expires_in_days,
        rate_limit_per_minute: values.rate_limit_per_minute,
      });
      setIssued(answer.token);
      onIssued(answer.item);
    } catch (error) {
      showErrors(error);
    } finally {
      setSaving(false);
    }
  };

  if (issued) {
    return (
      <Modal
        open={open}
        title={t('Token issued')}
        onCancel={close}
        footer={
          <Button type="primary" onClick={close}>
            {t('Done')}
          </Button>
        }
      >
        <Flex vertical gap={12}>
          <Alert
            type="warning"
            showIcon
            title={t('Copy the token now: it is shown this once and cannot be read again.')}
          />
          <Typography.Text code translate="no" style={{ wordBreak: 'break-all' }} data-testid="issued-token">
            {issued}
          </Typography.Text>
          <Flex gap={8} wrap>
            <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copyText(issued, message, t)}>
              {t('Copy')}
            </Button>
            <Link to="/doc/open/apis">{t('Try it in the API docs')}</Link>
          </Flex>
          <Typography.Text type="secondary">
            {t('Send it as Authorization: Bearer <token> with the header x-client-key: open-api.')}
          </Typography.Text>
        </Flex>
      </Modal>
    );
  }

  return (
    <Modal
      open={open}
      title={t('Issue a REST token')}
      onCancel={close}
      onOk={() => form.submit()}
      okText={t('Issue the token')}
      confirmLoading={saving}
      width={640}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ scopes: [], expires_in_days: 90, rate_limit_per_minute: 60 }}
        onFinish={submit}
      >
        <Form.Item name="name" label={t('Name')} rules={[{ required: true, message: t('Name is required') }]}>
          <Input maxLength={80} />
        </Form.Item>
        <Form.Item name="team_id" label={t('Team')} rules={[{ required: true, message: t('Choose a team') }]}>
          <Select
            showSearch={{ filterOption: false, onSearch: setTeamSearch }}
            loading={teams.isFetching}
            placeholder={t('Search a team by name or owner')}
            options={(teams.data?.items ?? []).map((team) => ({
              value: team.id,
              label: `${team.name} · ${team.owner.email}`,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="scopes"
          label={t('Scopes')}
          extra={t('A token reaches only the endpoints its scopes open, in its own team.')}
          rules={[{ required: true, message: t('Choose at least one scope') }]}
        >
          <Checkbox.Group style={{ width: '100%' }}>
            <Flex vertical gap={6}>
              {(scopes.data?.items ?? []).map((item) => (
                <Checkbox key={item.scope} value={item.scope} disabled={!item.held}>
                  <Typography.Text code translate="no">
                    {item.scope}
                  </Typography.Text>{' '}
                  {/* The endpoints as the API names them (their summaries are the API's English). */}
                  <Typography.Text type="secondary" translate="no" style={{ fontSize: 12 }}>
                    {item.endpoints.map((endpoint) => endpoint.id).join(' · ')}
                  </Typography.Text>
                </Checkbox>
              ))}
            </Flex>
          </Checkbox.Group>
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item name="expires_in_days" label={t('Expires')}>
            <Select
              style={{ minWidth: 160 }}
              options={[
                ...LIFETIMES.map((days) => ({
                  value: days,
                  label: t('In {{count}} days', { count: days, defaultValue_one: 'In {{count}} day' }),
                })),
                { value: 'never', label: t('Never') },
              ]}
            />
          </Form.Item>
          <Form.Item name="rate_limit_per_minute" label={t('Calls a minute')}>
            <InputNumber min={1} max={6000} precision={0} />
          </Form.Item>
        </Flex>
      </Form>
    </Modal>
  );
}
