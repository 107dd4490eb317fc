import { convertMarkdownToDoc } from '@app/contract/tools/convert';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import * as convert from './convert.service';

/** The toolkit's conversions (spec section 7). */
export const toolsModule: ServerModule = {
  name: 'tools',
  register(app, platform) {
    const route = routesFor(app, platform.registry);
    route(convertMarkdownToDoc, ({ ctx, body }) => convert.convertMarkdownToDoc(platform, ctx, body));
  },
};
