import { DesktopOutlined, MobileOutlined } from '@ant-design/icons';
import type { zActiveSession } from '@app/contract/account/security/sessions';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatDate } from '../../lib/format';
import { ConfirmAction } from '../../widgets/confirm-action/confirm-action';
import { describeUserAgent } from './describe-user-agent';
import { useDeviceLabel } from './device-label';

export type ActiveSession = z.infer<typeof zActiveSession>;

interface SessionRowProps {
  session: ActiveSession;
  revoking: boolean;
  onRevoke: () => void;
}

/** One signed-in device. The one in use is marked and has no sign-out here (the top bar has it). */
export function SessionRow({ session, revoking, onRevoke }: SessionRowProps) {
  const { t } = useTranslation();
  const deviceLabel = useDeviceLabel();
  const Icon = describeUserAgent(session.user_agent).mobile ? MobileOutlined : DesktopOutlined;

  return (
    <li className="session-list__item" data-session-id={session.id}>
      <Icon aria-hidden className="session-list__icon" />
      <Flex vertical gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Flex wrap align="center" gap={8}>
          <Tooltip title={session.user_agent}>
            <Typography.Text strong>{deviceLabel(session.user_agent)}</Typography.Text>
          </Tooltip>
          {session.current ? <Tag color="processing">{t('This device')}</Tag> : null}
        </Flex>
        <Typography.Text type="secondary">
          {[
            session.ip_address ?? t('Unknown IP address'),
            t('Last active {{time}}', { time: formatDate(session.last_active_at) }),
          ].join(' · ')}
        </Typography.Text>
      </Flex>
      {session.current ? null : (
        <ConfirmAction
          title={t('Sign out this session?')}
          description={t('That device will have to sign in again.')}
          okText={t('Sign out')}
          destructive
          onConfirm={onRevoke}
          size="small"
          loading={revoking}
        />
      )}
    </li>
  );
}
