import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { StatusPageLayout } from '../../widgets/status-page-layout/status-page-layout';

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <StatusPageLayout>
      <DocumentTitle title={t('Page not found')} />
      <Result
        status="404"
        title={t('Page not found')}
        subTitle={t('The page you are looking for does not exist or has been moved.')}
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            {t('Back to home')}
          </Button>
        }
      />
    </StatusPageLayout>
  );
}
