import type { SocialAccount, SocialProvider } from '@app/contract/social/social';
import { Button, Flex, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMATS, formatDate } from '../../lib/format';
import { ConfirmAction } from '../confirm-action/confirm-action';

interface LinkedAccountRowProps {
  provider: SocialProvider;
  name: string;
  icon: ReactNode;
  account: SocialAccount | null;
  /** Why linking is impossible here (provider not configured); null when it is possible. */
  linkUnavailable: string | null;
  /** Why unlinking is refused (the last way to sign in); null when it is allowed. */
  unlinkBlocked: string | null;
  linking: boolean;
  unlinking: boolean;
  onLink: () => void;
  onUnlink: () => void;
}

/** One provider in the linked-accounts card: its state and the one action that applies. */
export function LinkedAccountRow({
  name,
  icon,
  account,
  linkUnavailable,
  unlinkBlocked,
  linking,
  unlinking,
  onLink,
  onUnlink,
}: LinkedAccountRowProps) {
  const { t } = useTranslation();

  const action = account ? (
    unlinkBlocked ? (
      <Tooltip title={unlinkBlocked}>
        <span style={{ cursor: 'not-allowed' }}>
          <Button disabled>{t('Unlink')}</Button>
        </span>
      </Tooltip>
    ) : (
      <ConfirmAction
        title={t('Unlink {{provider}}?', { provider: name })}
        description={t('You will no longer be able to sign in with this {{provider}} account.', {
          provider: name,
        })}
        okText={t('Unlink')}
        destructive
        onConfirm={onUnlink}
        danger
        loading={unlinking}
      />
    )
  ) : linkUnavailable ? (
    <Tooltip title={linkUnavailable}>
      <span style={{ cursor: 'not-allowed' }}>
        <Button disabled>{t('Link')}</Button>
      </span>
    </Tooltip>
  ) : (
    <Button type="primary" loading={linking} onClick={onLink}>
      {t('Link')}
    </Button>
  );

  return (
    <Flex align="center" justify="space-between" gap={12} wrap style={{ paddingBlock: 12 }}>
      <Flex align="center" gap={12} style={{ minWidth: 0 }}>
        <span style={{ fontSize: 24, lineHeight: 1 }} aria-hidden>
          {icon}
        </span>
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text strong>
            {name} {account ? <Tag color="success">{t('Linked')}</Tag> : <Tag>{t('Not linked')}</Tag>}
          </Typography.Text>
          {account ? (
            <Typography.Text type="secondary" ellipsis>
              {account.display_name}
              {account.email && account.email !== account.display_name ? ` · ${account.email}` : ''}
              {' · '}
              {t('Linked on {{date}}', { date: formatDate(account.created_at, DATE_FORMATS.date) })}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary">
              {t('Link it to sign in with {{provider}}.', { provider: name })}
            </Typography.Text>
          )}
        </Flex>
      </Flex>
      {action}
    </Flex>
  );
}
