import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBasicInfos } from '../../lib/session/basic-infos';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { brandQuery } from './brand-api';
import { BrandLogoCard } from './brand-logo-card';
import { BrandProfileForm } from './brand-profile-form';
import './brand-center.css';

/** `/account/brand-center`: the current team's brand profile, which the AI features write with. */
export function BrandCenterPage() {
  const { t } = useTranslation();
  const { data: user } = useBasicInfos();
  const brand = useQuery({ ...brandQuery(user?.team.id ?? ''), enabled: user !== undefined });

  return (
    <>
      <DocumentTitle title={t('Brand center')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Brand center')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t(
          "The AI features use this profile to write in your brand's voice and to compare you with your competitors.",
        )}
      </Typography.Paragraph>
      {brand.isError ? (
        <Result
          status="error"
          title={t('The brand profile could not be loaded.')}
          extra={
            <Button type="primary" onClick={() => void brand.refetch()} loading={brand.isFetching}>
              {t('Try again')}
            </Button>
          }
        />
      ) : brand.data ? (
        <Flex vertical gap={16}>
          {brand.data.brand.can_edit ? null : (
            <Alert
              type="info"
              showIcon
              title={t(
                "Only the team's owner and admins can edit the brand profile. Ask one of them if something needs changing.",
              )}
            />
          )}
          <BrandLogoCard brand={brand.data.brand} />
          <Card title={t('Brand profile')}>
            <BrandProfileForm key={brand.data.brand.team_id} brand={brand.data.brand} />
          </Card>
        </Flex>
      ) : (
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      )}
    </>
  );
}
