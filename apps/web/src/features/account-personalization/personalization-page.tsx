import { useQuery } from '@tanstack/react-query';
import { Button, Card, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBasicInfos } from '../../lib/session/basic-infos';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { personalizationQuery } from './personalization-api';
import { PersonalizationForm } from './personalization-form';

/** `/account/personalization`: language, time zone, date format, theme and help icons. */
export function PersonalizationPage() {
  const { t } = useTranslation();
  const personalization = useQuery(personalizationQuery);
  const infos = useBasicInfos();

  return (
    <>
      <DocumentTitle title={t('Personalization')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Personalization')}
      </Typography.Title>
      {personalization.isError ? (
        <Result
          status="error"
          title={t('Your preferences could not be loaded')}
          subTitle={personalization.error.message}
          extra={
            <Button
              type="primary"
              onClick={() => void personalization.refetch()}
              loading={personalization.isFetching}
            >
              {t('Try again')}
            </Button>
          }
        />
      ) : personalization.data ? (
        <PersonalizationForm saved={personalization.data} languages={infos.data?.languages ?? []} />
      ) : (
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      )}
    </>
  );
}
