import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Result, Row, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../lib/api/api-error';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { EditingPresence } from '../../widgets/editing-presence/editing-presence';
import { ResetLinkResult } from './reset-link-result';
import { useUserActions } from './use-user-actions';
import { UserActionsBar } from './user-actions-bar';
import { UserOperationsTable } from './user-operations-table';
import { UserProfileCard } from './user-profile-card';
import { UserSessionsTable } from './user-sessions-table';
import { UserTeamsTable } from './user-teams-table';
import { userDetailsQuery } from './users-api';

/** `/admin/user/details?id=`: one user's profile, teams, sessions and audit trail, and the actions on them. */
export function UserDetailsPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id') ?? '';
  const details = useQuery({ ...userDetailsQuery(id), enabled: id !== '' });
  const actions = useUserActions(id);
  const title = details.data?.user.username ?? t('User details');

  if (!id || details.isError) {
    const missing = !id || (isApiError(details.error) && details.error.status === 404);
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? t('User not found') : t('Sorry! Something went wrong...')}
        subTitle={id ? details.error?.message : t('No user was given.')}
        extra={
          <Link to="/admin/user/users">
            <Button type="primary">{t('Back to users')}</Button>
          </Link>
        }
      />
    );
  }

  return (
    <>
      <DocumentTitle title={title} />
      <Link to="/admin/user/users" style={{ display: 'inline-flex', gap: 6, marginBottom: 12 }}>
        <ArrowLeftOutlined aria-hidden />
        {t('Back to users')}
      </Link>
      <EditingPresence route="/admin/user/details" recordKey={id} />
      {details.data ? (
        <Row gutter={[16, 16]}>
          <Col span={24}>
            <UserProfileCard
              user={details.data.user}
              actions={<UserActionsBar user={details.data.user} actions={actions} />}
            />
          </Col>
          {actions.resetPassword.data ? (
            <Col span={24}>
              <ResetLinkResult
                result={actions.resetPassword.data}
                email={details.data.user.email}
                onClose={() => actions.resetPassword.reset()}
              />
            </Col>
          ) : null}
          <Col span={24}>
            <Card title={t('Sessions')} size="small">
              <UserSessionsTable sessions={details.data.sessions} />
            </Card>
          </Col>
          <Col xs={24} xl={9}>
            <Card title={t('Teams')} size="small">
              <UserTeamsTable teams={details.data.teams} />
            </Card>
          </Col>
          <Col xs={24} xl={15}>
            <Card title={t('Recent operations')} size="small">
              <UserOperationsTable operations={details.data.operations} />
            </Card>
          </Col>
        </Row>
      ) : (
        <Card>
          <Skeleton active avatar paragraph={{ rows: 4 }} />
        </Card>
      )}
    </>
  );
}
