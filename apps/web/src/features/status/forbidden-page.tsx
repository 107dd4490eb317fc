import { Button, Flex, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { StatusPageLayout } from '../../widgets/status-page-layout/status-page-layout';

/** Where the guard sends a signed-in user whose role does not open a page (`/403?from=`). */
export function ForbiddenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const from = searchParams.get('from');

  return (
    <StatusPageLayout>
      <DocumentTitle title={t('Access denied')} />
      <Result
        status="403"
        title={t('You do not have access to this page')}
        subTitle={
          <Flex vertical gap={8} align="center">
            <span>{t('Your role does not include this page. Ask an administrator if you need it.')}</span>
            {from ? (
              <Typography.Text type="secondary" className="status-page__path">
                {t('Requested page')}: <Typography.Text code>{from}</Typography.Text>
              </Typography.Text>
            ) : null}
          </Flex>
        }
        extra={
          <Flex gap={8} justify="center" wrap>
            <Button type="primary" onClick={() => navigate('/')}>
              {t('Back to home')}
            </Button>
            <Button onClick={() => navigate(from ? `/login?next=${encodeURIComponent(from)}` : '/login')}>
              {t('Sign in with another account')}
            </Button>
          </Flex>
        }
      />
    </StatusPageLayout>
  );
}
