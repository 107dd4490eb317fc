import { buildPath } from '@app/contract/define-endpoint';
import { zErrorBody } from '@app/contract/errors';
import { UPLOAD_FIELD } from '@app/contract/storage/file-types';
import type { UploadResponse } from '@app/contract/storage/files';
import type { z } from 'zod';
import { ApiError } from '../../lib/api/api-error';
import { requestHeaders } from '../../lib/api/request-headers';

/**
 * An endpoint the upload dialog can send to: a multipart POST (without path parameters) answering
 * spec section 3's Upload response, e.g. `uploadStorageFiles` or `adminUploadStorageFiles`.
 */
export interface UploadEndpoint {
  id: string;
  method: 'POST';
  path: `/${string}`;
  response: z.ZodType<UploadResponse>;
}

export interface SendFileOptions {
  /** The caller-supplied endpoint (spec section 7). */
  endpoint: UploadEndpoint;
  file: File;
  fieldName?: string;
  /** Extra params, sent before the file (folder_id, folder, ...). */
  params?: Record<string, string>;
  onProgress: (percent: number | undefined) => void;
  signal?: AbortSignal;
}

/**
 * One file per request with XMLHttpRequest: fetch cannot report upload progress, and one request
 * per file gives each file its own bar and its own result.
 */
export function sendFile(options: SendFileOptions): Promise<UploadResponse> {
  const form = new FormData();
  for (const [key, value] of Object.entries(options.params ?? {})) form.append(key, value);
  const field = options.fieldName ?? UPLOAD_FIELD;
  if (field !== UPLOAD_FIELD) form.append('file_field', field);
  form.append(field, options.file, options.file.name);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.endpoint.method, buildPath(options.endpoint.path));
    for (const [name, value] of Object.entries({ ...requestHeaders(), Accept: 'application/json' }))
      xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      options.onProgress(event.lengthComputable ? (event.loaded / event.total) * 100 : undefined);
    };
    xhr.onload = () => {
      const reqId = xhr.getResponseHeader('x-request-id');
      let data: unknown = null;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {}
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = options.endpoint.response.safeParse(data);
        if (parsed.success) resolve(parsed.data);
        else
          reject(
            new ApiError(
              'invalid_response',
              xhr.status,
              null,
              reqId,
              `${options.endpoint.id} answered outside its contract: ${parsed.error.message}`,
            ),
          );
        return;
      }
      const body = zErrorBody.safeParse(data);
      reject(new ApiError('http', xhr.status, body.success ? body.data : null, reqId));
    };
    xhr.onerror = () => reject(new ApiError('network', 0, null, null));
    xhr.onabort = () => reject(new ApiError('aborted', 0, null, null));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
