import type { ApiDocType } from '@app/contract/core/api-docs';
import { ApiReferenceReact } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';
import { useMemo } from 'react';

interface OperationSlugInput {
  operationId?: string;
  method: string;
  path: string;
}

interface ApiReferenceProps {
  type: ApiDocType;
  /** The OpenAPI document the server answered. */
  doc: object;
}

/**
 * Scalar's reference of one API document. Its own chunk (Vue, the reference's CSS and its code
 * snippets weigh far more than any other page), loaded only by the docs page. Operations are
 * slugged by their `operationId`, which is the page's `docID`; 'try it' asks for a REST token
 * and sends `x-client-key: open-api` itself.
 */
export function ApiReference({ type, doc }: ApiReferenceProps) {
  const configuration = useMemo(
    () => ({
      content: doc,
      slug: `api-${type}`,
      withDefaultFonts: false,
      telemetry: false,
      hideClientButton: true,
      documentDownloadType: 'none' as const,
      showDeveloperTools: 'never' as const,
      generateOperationSlug: ({ operationId, method, path }: OperationSlugInput) =>
        operationId ?? `${method}${path}`,
      // No "Ask AI" (Scalar's agent calls its own service).
      agent: { disabled: true },
      // Only the Open API names the token schemes; the whole API is tried with the session.
      ...(type === 'open'
        ? {
            authentication: {
              preferredSecurityScheme: [['restToken', 'clientKey']],
              securitySchemes: { clientKey: { value: 'open-api' } },
            },
          }
        : {}),
    }),
    [doc, type],
  );
  return <ApiReferenceReact configuration={configuration} />;
}
