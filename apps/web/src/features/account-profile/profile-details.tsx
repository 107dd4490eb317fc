import type { Profile } from '@app/contract/account/profile/profile';
import { Descriptions, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';

interface ProfileDetailsProps {
  profile: Profile;
  roleName: string;
}

/**
 * What the user cannot edit here. The e-mail arrives masked (first and last letters kept) and is
 * shown as given: an unmasked address never reaches this page.
 */
export function ProfileDetails({ profile, roleName }: ProfileDetailsProps) {
  const { t } = useTranslation();

  return (
    <Descriptions
      column={1}
      size="small"
      items={[
        {
          key: 'email',
          label: t('E-mail'),
          // An account made by WeChat sign-in has no address until the user adds one.
          children: !profile.email ? (
            <Link to="/account/security">{t('No e-mail address yet: add one in Security')}</Link>
          ) : (
            <Flex gap={8} wrap align="center">
              <Typography.Text>{profile.email}</Typography.Text>
              {profile.email_verified ? (
                <Tag color="success">{t('Verified')}</Tag>
              ) : (
                <Link to="/account/security">
                  <Tag color="warning">{t('Not verified: verify in Security')}</Tag>
                </Link>
              )}
            </Flex>
          ),
        },
        {
          key: 'bound',
          label: t('Main bound account'),
          children: profile.main_bound_account ?? t('None'),
        },
        { key: 'role', label: t('Role'), children: roleName },
        { key: 'since', label: t('Member since'), children: formatDate(profile.created_at) },
      ]}
    />
  );
}
