import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBasicInfos } from '../../lib/session/basic-infos';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { AvatarCard } from './avatar-card';
import { profileQuery } from './profile-api';
import { ProfileDetails } from './profile-details';
import { UsernameForm } from './username-form';

/** `/account/personal/profile`: picture, name, and the account facts the user cannot edit here. */
export function ProfilePage() {
  const { t } = useTranslation();
  const profile = useQuery(profileQuery);
  const infos = useBasicInfos();

  return (
    <>
      <DocumentTitle title={t('Profile')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Profile')}
      </Typography.Title>
      {profile.isError ? (
        <Result
          status="error"
          title={t('Your profile could not be loaded')}
          subTitle={profile.error.message}
          extra={
            <Button type="primary" onClick={() => void profile.refetch()} loading={profile.isFetching}>
              {t('Try again')}
            </Button>
          }
        />
      ) : !profile.data ? (
        <Card>
          <Skeleton active avatar paragraph={{ rows: 4 }} />
        </Card>
      ) : (
        <Flex vertical gap={16}>
          <AvatarCard username={profile.data.username} avatarUrl={profile.data.avatar_url} />
          <Card title={t('Account')}>
            <Flex vertical gap={16}>
              <UsernameForm username={profile.data.username} />
              <ProfileDetails profile={profile.data} roleName={infos.data?.role_name ?? ''} />
            </Flex>
          </Card>
        </Flex>
      )}
    </>
  );
}
