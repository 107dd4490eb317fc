import type { zSecurityOverview } from '@app/contract/account/security/security-overview';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PasswordPromptModal } from './password-prompt-modal';
import { RecoveryCodesView } from './recovery-codes-view';
import { disableTwoFactor, keepRenewedToken, regenerateRecoveryCodes, securityKey } from './security-api';
import { TwoFactorSetup } from './two-factor-setup';

type Overview = z.infer<typeof zSecurityOverview>;

/** Below this many unused recovery codes the card suggests new ones. */
const FEW_RECOVERY_CODES = 3;

function StatusTag({ overview }: { overview: Overview }) {
  const { t } = useTranslation();
  if (overview.two_factor_enabled) return <Tag color="success">{t('On')}</Tag>;
  if (overview.two_factor_pending) return <Tag color="warning">{t('Set-up not finished')}</Tag>;
  return <Tag>{t('Off')}</Tag>;
}

/** Two-factor authentication with an authenticator app (TOTP): on, off, and the recovery codes. */
export function TwoFactorCard({ overview }: { overview: Overview | undefined }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [settingUp, setSettingUp] = useState(false);
  const [prompt, setPrompt] = useState<'disable' | 'regenerate' | null>(null);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: securityKey });

  const title = (
    <Flex align="center" gap={8}>
      {t('Two-factor authentication')}
      {overview && !settingUp ? <StatusTag overview={overview} /> : null}
    </Flex>
  );

  if (!overview) {
    return (
      <Card title={t('Two-factor authentication')}>
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      </Card>
    );
  }

  if (settingUp) {
    const close = () => {
      setSettingUp(false);
      void refresh();
    };
    return (
      <Card title={title}>
        <TwoFactorSetup onDone={close} onCancel={close} />
      </Card>
    );
  }

  const left = overview.recovery_codes_left;
  return (
    <Card title={title}>
      {!overview.two_factor_enabled ? (
        <Flex vertical gap={16} align="flex-start">
          <Typography.Text type="secondary">
            {t(
              'Each sign-in will also ask for a code from an authenticator app on your phone, such as Google Authenticator, Microsoft Authenticator or 1Password.',
            )}
          </Typography.Text>
          {overview.two_factor_pending ? (
            <Alert
              type="info"
              showIcon
              title={t('A set-up was started but not confirmed. Start again to get a new key.')}
            />
          ) : null}
          <Button type="primary" onClick={() => setSettingUp(true)}>
            {t('Set up two-factor authentication')}
          </Button>
        </Flex>
      ) : newCodes ? (
        <Flex vertical gap={16}>
          <RecoveryCodesView codes={newCodes} />
          <div>
            <Button type="primary" onClick={() => setNewCodes(null)}>
              {t('I have saved my recovery codes')}
            </Button>
          </div>
        </Flex>
      ) : (
        <Flex vertical gap={16} align="flex-start">
          <Typography.Text>
            {t('Signing in asks for a code from your authenticator app.')}{' '}
            {left !== null ? t('Recovery codes left: {{count}}', { count: left }) : null}
          </Typography.Text>
          {left !== null && left <= FEW_RECOVERY_CODES ? (
            <Alert
              type="warning"
              showIcon
              title={t('You are running out of recovery codes. Generate new ones and keep them safe.')}
            />
          ) : null}
          <Flex wrap gap={8}>
            <Button onClick={() => setPrompt('regenerate')}>{t('Generate new recovery codes')}</Button>
            <Button danger onClick={() => setPrompt('disable')}>
              {t('Turn off')}
            </Button>
          </Flex>
        </Flex>
      )}
      <PasswordPromptModal
        open={prompt === 'regenerate'}
        title={t('Generate new recovery codes')}
        description={t('Your current recovery codes will stop working.')}
        okText={t('Generate')}
        submit={regenerateRecoveryCodes}
        onDone={({ recovery_codes }) => {
          setPrompt(null);
          setNewCodes(recovery_codes);
          void refresh();
        }}
        onClose={() => setPrompt(null)}
      />
      <PasswordPromptModal
        open={prompt === 'disable'}
        title={t('Turn off two-factor authentication?')}
        description={t(
          'Signing in will ask only for your password, and your recovery codes will stop working.',
        )}
        okText={t('Turn off')}
        danger
        submit={disableTwoFactor}
        onDone={({ token }) => {
          keepRenewedToken(token);
          setPrompt(null);
          void message.success(t('Two-factor authentication is off'));
          void refresh();
        }}
        onClose={() => setPrompt(null)}
      />
    </Card>
  );
}
