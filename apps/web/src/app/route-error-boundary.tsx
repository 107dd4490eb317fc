import { Button, Flex, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isApiError } from '../lib/api/api-error';

/**
 * Catches what a page or its guard throws: "Something went wrong" with the request id support
 * asks for, and a reload. It stays small because it ships in the entry chunk.
 */
export function RouteErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const reqId = isApiError(error) ? error.reqId : null;

  return (
    <Flex align="center" justify="center" style={{ minHeight: '60vh', padding: 16 }}>
      <Result
        status={notFound ? '404' : 'error'}
        title={notFound ? t('Page not found') : t('Sorry! Something went wrong...')}
        subTitle={
          notFound ? (
            t('The page you are looking for does not exist or has been moved.')
          ) : (
            <>
              {t('This page could not be shown. Reloading usually helps.')}
              {reqId ? (
                <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
                  {t('Request ID')}: <Typography.Text code>{reqId}</Typography.Text>
                </Typography.Paragraph>
              ) : null}
            </>
          )
        }
        extra={
          notFound ? (
            <Button type="primary" onClick={() => window.location.assign('/')}>
              {t('Back to home')}
            </Button>
          ) : (
            <Button type="primary" onClick={() => window.location.reload()}>
              {t('Reload')}
            </Button>
          )
        }
      />
    </Flex>
  );
}
