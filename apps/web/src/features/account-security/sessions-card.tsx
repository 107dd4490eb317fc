import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { activeSessionsQuery, revokeAllOtherSessions, revokeSession, securityKey } from './security-api';
import { SessionRow } from './session-row';
import './sessions-card.css';
import { ConfirmAction } from '../../widgets/confirm-action/confirm-action';

/** Where the account is signed in, with sign-out for the other devices, one by one or all at once. */
export function SessionsCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const sessions = useQuery(activeSessionsQuery);
  const refresh = () => queryClient.invalidateQueries({ queryKey: securityKey });
  const others = (sessions.data?.items ?? []).filter((session) => !session.current);

  const revokeOne = useMutation({
    mutationFn: revokeSession,
    onSuccess: () => void message.success(t('The session was signed out')),
    // Refreshed on failure too: a session that was already gone disappears from the list.
    onSettled: refresh,
  });

  const revokeOthers = useMutation({
    mutationFn: revokeAllOtherSessions,
    onSuccess: ({ revoked }) =>
      void message.success(t('Other sessions signed out: {{count}}', { count: revoked })),
    onSettled: refresh,
  });

  return (
    <Card title={t('Active sessions')}>
      <Typography.Paragraph type="secondary">
        {t('If you see a device you do not recognise, sign it out and change your password.')}
      </Typography.Paragraph>
      {sessions.isPending ? <Skeleton active title={false} paragraph={{ rows: 3 }} /> : null}
      {sessions.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('The sessions could not be loaded.')}
          action={
            <Button size="small" onClick={() => void sessions.refetch()}>
              {t('Retry')}
            </Button>
          }
        />
      ) : null}
      {sessions.data ? (
        <ul className="session-list" aria-label={t('Active sessions')}>
          {sessions.data.items.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              revoking={revokeOne.isPending && revokeOne.variables === session.id}
              onRevoke={() => revokeOne.mutate(session.id)}
            />
          ))}
        </ul>
      ) : null}
      {sessions.data && others.length === 0 ? (
        <Typography.Text type="secondary">{t('You are not signed in on any other device.')}</Typography.Text>
      ) : null}
      {others.length > 0 ? (
        <ConfirmAction
          title={t('Sign out every other session?')}
          description={t('Every device except this one will have to sign in again.')}
          okText={t('Sign out all')}
          destructive
          onConfirm={() => revokeOthers.mutate()}
          loading={revokeOthers.isPending}
        >
          {t('Sign out all other sessions')}
        </ConfirmAction>
      ) : null}
    </Card>
  );
}
