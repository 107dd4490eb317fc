import type { ApiDocType, getApiDocument } from '@app/contract/core/api-docs';
import { endpointRef } from '../../lib/api/light-client';

/** Imported as a type only: the page loads no zod (docs/performance.md). */
export const apiDocumentEndpoint = endpointRef<typeof getApiDocument>('GET', '/api/openapi/{type}');

export const DOC_TYPES: readonly ApiDocType[] = ['open', 'all'];

export function isDocType(value: string | undefined): value is ApiDocType {
  return DOC_TYPES.includes(value as ApiDocType);
}

interface Operation {
  operationId?: string;
  tags?: string[];
}

/** github-slugger's slug, as Scalar spells a tag in its ids. */
function tagSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/**
 * The hash Scalar opens an operation at (`tag/<tag>/<operationId>`, or `<operationId>` without a
 * tag), for the operation `docID` names; null when the document has none by that id.
 */
export function operationHash(doc: unknown, docID: string): string | null {
  const paths = (doc as { paths?: Record<string, Record<string, Operation>> }).paths ?? {};
  for (const methods of Object.values(paths)) {
    for (const operation of Object.values(methods ?? {})) {
      if (operation?.operationId !== docID) continue;
      const tag = operation.tags?.[0];
      return tag ? `tag/${tagSlug(tag)}/${docID}` : docID;
    }
  }
  return null;
}
