import { getPublicFile } from '@app/contract/files/get-file';
import type { FastifyReply } from 'fastify';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import { readPublicFile } from './files.service';

/**
 * The route answers bytes, not the JSON its contract type describes; Fastify sends whatever
 * `reply.send` was given and waits for the reply when it is returned.
 */
function answeredRaw(reply: FastifyReply): Record<string, never> {
  return reply as unknown as Record<string, never>;
}

/**
 * A file's bytes never change under its id (a new avatar is a new file), so clients and proxies
 * may keep them for a day; the ETag answers revalidation with 304.
 */
const CACHE_CONTROL = 'public, max-age=86400, immutable';

export const filesModule: ServerModule = {
  name: 'files',
  register(app, platform) {
    const route = routesFor(app, platform.registry);
    route(getPublicFile, async ({ params, request, reply }) => {
      const file = await readPublicFile(platform, params.id);
      const etag = `"${file.id}"`;
      reply.header('cache-control', CACHE_CONTROL).header('etag', etag);
      if (request.headers['if-none-match'] === etag) return answeredRaw(reply.code(304).send());
      return answeredRaw(reply.type(file.mime).header('content-disposition', 'inline').send(file.bytes));
    });
  },
};
