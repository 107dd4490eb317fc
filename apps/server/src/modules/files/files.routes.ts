import { getPublicFile } from '@app/contract/files/get-file';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import { readPublicFile } from './files.service';

/**
 * A file's bytes never change under its id (a new avatar is a new file), so clients and proxies
 * may keep them for a day; the ETag answers revalidation with 304.
 */
const CACHE_CONTROL = 'public, max-age=86400, immutable';

export const filesModule: ServerModule = {
  name: 'files',
  register(app, platform) {
    const route = routesFor(app, platform.registry);
    route(getPublicFile, async ({ params, request }) => {
      const file = await readPublicFile(platform, params.id);
      const etag = `"${file.id}"`;
      const headers = { 'cache-control': CACHE_CONTROL, etag };
      if (request.headers['if-none-match'] === etag)
        return { status: 304, type: file.mime, body: null, headers };
      return { type: file.mime, body: file.bytes, headers: { ...headers, 'content-disposition': 'inline' } };
    });
  },
};
