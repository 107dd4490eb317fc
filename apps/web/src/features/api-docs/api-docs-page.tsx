import type { ApiDocType } from '@app/contract/core/api-docs';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { ApiError } from '../../lib/api/api-error';
import { lightCall } from '../../lib/api/light-client';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { LightAlert, LightSpinner } from '../../widgets/light-ui/feedback';
import { apiDocumentEndpoint, isDocType, operationHash } from './api-docs-document';
import './api-docs-page.css';

/** Scalar and its CSS: a chunk of their own, fetched only here. */
const ApiReference = lazy(() => import('./api-reference').then((m) => ({ default: m.ApiReference })));

type Loaded =
  | { state: 'loading' }
  | { state: 'ready'; doc: object }
  | { state: 'signed-out' }
  | { state: 'forbidden' }
  | { state: 'failed' };

/**
 * `/doc/{type}/apis/{docID?}`: the Open API (`open`, for anyone) or the whole API (`all`, the
 * server lets only staff read it), rendered by Scalar. `docID`, an operation's id, opens that
 * operation. A light page: no antd, no event stream (spec section 2, sockets disabled).
 */
export function ApiDocsPage() {
  const { t } = useTranslation();
  const { type, docID } = useParams();
  const { pathname } = useLocation();
  const valid = isDocType(type);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });

  useEffect(() => {
    if (!isDocType(type)) return;
    let live = true;
    setLoaded({ state: 'loading' });
    lightCall(apiDocumentEndpoint, { params: { type }, silent: true }).then(
      (doc) => {
        if (!live) return;
        const hash = docID ? operationHash(doc, docID) : null;
        if (hash && !window.location.hash) window.history.replaceState(window.history.state, '', `#${hash}`);
        setLoaded({ state: 'ready', doc });
      },
      (error: unknown) => {
        if (!live) return;
        const status = error instanceof ApiError ? error.status : 0;
        setLoaded({ state: status === 401 ? 'signed-out' : status === 403 ? 'forbidden' : 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [type, docID]);

  const title = type === 'all' ? t('Whole API') : t('Open API');
  let body: ReactNode;
  if (!valid) {
    body = (
      <Message
        title={t('There is no such API document')}
        description={t('The API documents are the Open API and the whole API.')}
        link={<Link to="/doc/open/apis">{t('Read the Open API')}</Link>}
      />
    );
  } else if (loaded.state === 'signed-out') {
    body = (
      <Message
        title={t('Sign in to read the whole API')}
        description={t('The whole API is for staff; the Open API is open to anyone.')}
        link={<Link to={`/login?${new URLSearchParams({ next: pathname })}`}>{t('Sign in')}</Link>}
      />
    );
  } else if (loaded.state === 'forbidden') {
    body = (
      <Message
        title={t('Only staff may read the whole API')}
        description={t('The Open API describes what a REST token can call.')}
        link={<Link to="/doc/open/apis">{t('Read the Open API')}</Link>}
      />
    );
  } else if (loaded.state === 'failed') {
    body = (
      <Message
        type="error"
        title={t('The API document could not be loaded')}
        description={t('Reload the page to try again.')}
      />
    );
  } else if (loaded.state === 'loading') {
    body = (
      <div className="api-docs__pending">
        <LightSpinner label={t('Loading the API document')} showLabel />
      </div>
    );
  } else {
    body = (
      <Suspense
        fallback={
          <div className="api-docs__pending">
            <LightSpinner label={t('Loading the API document')} showLabel />
          </div>
        }
      >
        {/* The document and Scalar's own UI are English; no browser translation of code either. */}
        <div translate="no">
          <ApiReference type={type as ApiDocType} doc={loaded.doc} />
        </div>
      </Suspense>
    );
  }

  return (
    <div className="api-docs">
      <DocumentTitle title={t('API Docs')} />
      <header className="api-docs__header">
        <h1 className="api-docs__title">{t('API Docs')}</h1>
        <nav className="api-docs__switch" aria-label={t('API documents')}>
          <Link to="/doc/open/apis" aria-current={type === 'open' ? 'page' : undefined}>
            {t('Open API')}
          </Link>
          <Link to="/doc/all/apis" aria-current={type === 'all' ? 'page' : undefined}>
            {t('Whole API')}
          </Link>
        </nav>
      </header>
      <main className="api-docs__body" aria-label={valid ? title : t('API Docs')}>
        {body}
      </main>
    </div>
  );
}

interface MessageProps {
  title: string;
  description: string;
  link?: ReactNode;
  type?: 'error' | 'info';
}

function Message({ title, description, link, type = 'info' }: MessageProps) {
  return (
    <div className="api-docs__message">
      <LightAlert type={type} role="alert" title={title} description={description} />
      {link ? <p className="api-docs__message-link">{link}</p> : null}
    </div>
  );
}
