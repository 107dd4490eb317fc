import type { EmailLevels } from '@app/contract/account/sys-settings/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { EmailLevelsTable } from './email-levels-table';
import { notificationSettingsQuery, saveEmailLevel } from './notifications-api';

type Level = keyof EmailLevels;

/** `/account/sys-settings`: which kinds of message also go by e-mail; each switch saves at once. */
export function SysSettingsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const settings = useQuery(notificationSettingsQuery);

  const save = useMutation({
    mutationFn: ({ level, enabled }: { level: Level; enabled: boolean }) =>
      saveEmailLevel({ [level]: enabled }),
    onSuccess: (answer) => {
      queryClient.setQueryData(notificationSettingsQuery.queryKey, answer);
      void message.success(t('Notification preferences saved'));
    },
  });

  return (
    <>
      <DocumentTitle title={t('Notifications')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Notifications')}
      </Typography.Title>
      <Card title={t('E-mail notifications')}>
        <Typography.Paragraph type="secondary">
          {t(
            'Every message reaches your inbox in the app. Choose which kinds are also sent to your e-mail address.',
          )}
        </Typography.Paragraph>
        {settings.isError ? (
          <Result
            status="error"
            title={t('Your notification preferences could not be loaded.')}
            extra={
              <Button type="primary" onClick={() => void settings.refetch()} loading={settings.isFetching}>
                {t('Try again')}
              </Button>
            }
          />
        ) : settings.data ? (
          <EmailLevelsTable
            email={settings.data.email}
            saving={save.isPending ? save.variables.level : null}
            onChange={(level, enabled) => save.mutate({ level, enabled })}
          />
        ) : (
          <Skeleton active paragraph={{ rows: 4 }} />
        )}
      </Card>
    </>
  );
}
