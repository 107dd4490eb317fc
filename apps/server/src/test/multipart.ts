import { randomBytes } from 'node:crypto';
import type { Endpoint, EndpointParams, EndpointQuery } from '@app/contract/define-endpoint';
import type { FastifyInstance } from 'fastify';
import { type Call, type Caller, endpointUrl, toCall } from './call-endpoint';

export interface FilePart {
  field?: string;
  name: string;
  content: Buffer;
  type?: string;
}

/**
 * A multipart/form-data body as a browser sends it: fields first (as the upload dialog appends
 * them), then files. For `app.inject({ payload, headers })`.
 */
export function multipartBody(files: FilePart[], fields: Record<string, string> = {}) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    // The name as a browser writes it: quotes and line breaks escaped, UTF-8 as is.
    const name = file.name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'upload_files'}"; filename="${name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * Uploads through an endpoint's contract: the URL comes from its path, parameters and query, and
 * the answer is read with its response schema, as `callEndpoint` does for JSON calls. The form is
 * built as a browser sends it (`multipartBody`).
 */
export async function uploadThrough<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  input: {
    files: FilePart[];
    fields?: Record<string, string>;
    params?: EndpointParams<E>;
    query?: EndpointQuery<E>;
    as?: Caller | null;
  },
): Promise<Call<E>> {
  const form = multipartBody(input.files, input.fields);
  const res = await app.inject({
    method: endpoint.method,
    url: endpointUrl(endpoint, {
      params: input.params as Record<string, string | number> | undefined,
      query: input.query,
    }),
    headers: { ...(input.as?.auth ?? {}), ...form.headers },
    payload: form.payload,
  });
  return toCall(endpoint, res);
}
