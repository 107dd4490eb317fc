import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isApiError } from '../lib/api/api-error';
import { LightButton } from '../widgets/light-ui/button';
import { CLOSE_CIRCLE_ICON, EXCLAMATION_CIRCLE_ICON, LightIcon } from '../widgets/light-ui/icon';
import './route-error-boundary.css';

/**
 * Catches what a page or its guard throws: "Something went wrong" with the request id support
 * asks for, and a reload. Light components only: it ships in the entry chunk, and it must show
 * even when antd's own chunk is what failed to load.
 */
export function RouteErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const reqId = isApiError(error) ? error.reqId : null;

  return (
    <div className="lui route-error">
      <div className="route-error__box">
        <LightIcon
          shape={notFound ? EXCLAMATION_CIRCLE_ICON : CLOSE_CIRCLE_ICON}
          className={notFound ? 'route-error__icon route-error__icon--warning' : 'route-error__icon'}
        />
        <h3 className="route-error__title">
          {notFound ? t('Page not found') : t('Sorry! Something went wrong...')}
        </h3>
        <div className="lui-secondary">
          {notFound ? (
            t('The page you are looking for does not exist or has been moved.')
          ) : (
            <>
              {t('This page could not be shown. Reloading usually helps.')}
              {reqId ? (
                <p style={{ marginTop: 8, marginBottom: 0 }}>
                  {t('Request ID')}: <code>{reqId}</code>
                </p>
              ) : null}
            </>
          )}
        </div>
        <div style={{ marginTop: 24 }}>
          {notFound ? (
            <LightButton variant="primary" size="middle" onClick={() => window.location.assign('/')}>
              {t('Back to home')}
            </LightButton>
          ) : (
            <LightButton variant="primary" size="middle" onClick={() => window.location.reload()}>
              {t('Reload')}
            </LightButton>
          )}
        </div>
      </div>
    </div>
  );
}
