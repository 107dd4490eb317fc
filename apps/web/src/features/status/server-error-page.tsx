import { Button, Flex, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirectPath } from '../../lib/safe-redirect-path';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { StatusPageLayout } from '../../widgets/status-page-layout/status-page-layout';

/**
 * `/500?from=`: the health check sends users here when the service stops answering, and brings
 * them back to `from` by itself once it answers again; the button is for the impatient.
 */
export function ServerErrorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const target = safeRedirectPath(searchParams.get('from'), '/');

  return (
    <StatusPageLayout>
      <DocumentTitle title={t('Service unavailable')} />
      <Result
        status="500"
        title={t('Sorry! Something went wrong...')}
        subTitle={
          <Flex vertical gap={8} align="center">
            <span>{t('The service is not answering right now.')}</span>
            <Typography.Text type="secondary">
              {t('This page checks again in the background and takes you back as soon as it answers.')}
            </Typography.Text>
          </Flex>
        }
        extra={
          <Button type="primary" onClick={() => navigate(target, { replace: true })}>
            {t('Try again')}
          </Button>
        }
      />
    </StatusPageLayout>
  );
}
