import {
  type ApiDocType,
  CLIENT_KEY_SCHEME,
  OPEN_API_CLIENT_KEY,
  operationIdOf,
  REST_TOKEN_SCHEME,
} from '@app/contract/core/api-docs';
import type { Endpoint } from '@app/contract/define-endpoint';
import { ADMIN_AREA } from '@app/contract/permission-codes';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/app-error';
import type { Platform } from '../../platform/platform';
import type { RequestContext } from '../../platform/request-context';

type Json = Record<string, unknown>;
interface OpenApiDocument extends Json {
  paths: Record<string, Record<string, Json>>;
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
}

/** `/api/chat/{chat_id?}` as OpenAPI spells it. */
const documentPath = (path: string) => path.replace(/\{(\w+)\??\}/g, '{$1}');

/** Every `$ref` to a component schema under `value`. */
function schemaRefs(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) schemaRefs(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string' && inner.startsWith('#/components/schemas/')) {
        into.add(inner.slice('#/components/schemas/'.length));
      } else schemaRefs(inner, into);
    }
  }
  return into;
}

/** The whole document with an `operationId` per operation (the docs page's `docID`). */
function wholeDocument(app: FastifyInstance, endpoints: Endpoint[]): OpenApiDocument {
  const doc = structuredClone(app.swagger()) as unknown as OpenApiDocument;
  for (const endpoint of endpoints) {
    const operation = doc.paths[documentPath(endpoint.path)]?.[endpoint.method.toLowerCase()];
    if (operation) operation.operationId = operationIdOf(endpoint.method, endpoint.path);
  }
  return doc;
}

/**
 * The Open API: the operations of endpoints marked `openApi`, each asking for a REST token and
 * the `open-api` client key (so the docs page's 'try it' sends both), and the component schemas
 * they reach, no others (the rest of the API's shapes are not the partners' business).
 */
function openDocument(whole: OpenApiDocument, endpoints: Endpoint[]): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const endpoint of endpoints.filter((one) => one.openApi)) {
    const path = documentPath(endpoint.path);
    const method = endpoint.method.toLowerCase();
    const operation = whole.paths[path]?.[method];
    if (!operation) continue;
    paths[path] = {
      ...paths[path],
      [method]: { ...operation, security: [{ [REST_TOKEN_SCHEME]: [], [CLIENT_KEY_SCHEME]: [] }] },
    };
  }
  const all = whole.components?.schemas ?? {};
  const kept = schemaRefs(paths, new Set());
  // Schemas refer to schemas: follow until nothing new is reached.
  for (let grew = true; grew; ) {
    const before = kept.size;
    for (const name of [...kept]) schemaRefs(all[name], kept);
    grew = kept.size > before;
  }
  return {
    ...whole,
    info: {
      ...(whole.info as Json),
      title: 'Marketing AI Workspace Open API',
      description: `Call with a REST token an admin issued at /admin/permission/rest-token: \`Authorization: Bearer rt_...\` and \`x-client-key: ${OPEN_API_CLIENT_KEY}\`. A token reaches its own team's data and the endpoints its scopes name, at its own rate limit.`,
    },
    paths,
    components: {
      schemas: Object.fromEntries([...kept].sort().map((name) => [name, all[name]])),
      securitySchemes: {
        [REST_TOKEN_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          description: 'A REST token (rt_...), shown once when an admin issues it',
        },
        [CLIENT_KEY_SCHEME]: {
          type: 'apiKey',
          in: 'header',
          name: 'x-client-key',
          description: `Always ${OPEN_API_CLIENT_KEY}`,
        },
      },
    },
  };
}

/**
 * Both documents, built once per app from its registered routes (they do not change while it
 * runs), and who may read which.
 */
export function apiDocuments(app: FastifyInstance, platform: Platform) {
  let built: Record<ApiDocType, string> | undefined;
  const documents = () => {
    if (!built) {
      const endpoints = platform.registry.all();
      const whole = wholeDocument(app, endpoints);
      built = { all: JSON.stringify(whole), open: JSON.stringify(openDocument(whole, endpoints)) };
    }
    return built;
  };
  return {
    async read(type: ApiDocType, ctx: RequestContext): Promise<string> {
      if (type === 'all') {
        if (!ctx.user) throw new AppError('BEARER_TOKEN_ERROR');
        if ((await platform.access.decide(ADMIN_AREA, ctx.user)) !== 'OK') {
          throw new AppError('FORBIDDEN', {
            msg: 'Only staff may read the whole API; the Open API is at /doc/open/apis',
          });
        }
      }
      return documents()[type];
    },
  };
}
