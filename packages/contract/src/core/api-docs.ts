import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint';

/**
 * The API documents the docs page `/doc/{type}/apis/{docID?}` renders (issue 28 item 7), both
 * generated from the contracts: `open` is the Open API (the endpoints marked `openApi`, called
 * with a REST token and `x-client-key: open-api`), readable by anyone; `all` is the whole API,
 * for signed-in staff (whoever may open the admin console).
 */
export const API_DOC_TYPES = ['open', 'all'] as const;
export type ApiDocType = (typeof API_DOC_TYPES)[number];

/** The security schemes a token call names in the Open API document. */
export const REST_TOKEN_SCHEME = 'restToken';
export const CLIENT_KEY_SCHEME = 'clientKey';
/** What a token call sends as `x-client-key`. */
export const OPEN_API_CLIENT_KEY = 'open-api';

export const getApiDocument = defineEndpoint({
  method: 'GET',
  path: '/api/openapi/{type}',
  permission: 'public',
  summary: 'The OpenAPI document: the Open API for anyone, the whole API for staff',
  tags: ['core'],
  params: z.object({ type: z.enum(API_DOC_TYPES, { message: 'Choose open or all' }) }),
  response: z.object({}),
  answer: { kind: 'bytes', types: ['application/json'] },
});

/**
 * An operation's id in both documents, and the `docID` of its docs page link: the endpoint's
 * method and path in one slug (`get_api_account_credits_balance`), stable while the path is.
 */
export function operationIdOf(method: string, path: string): string {
  return `${method.toLowerCase()}_${path
    .replace(/[{}?]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')}`;
}
