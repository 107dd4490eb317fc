import {
  createHelpTag,
  deleteHelpTag,
  getHelpTagStyle,
  listHelpTags,
  postHtmlTagHelp,
  putHelpTagStyle,
  updateHelpTag,
} from '@app/contract/help/help-tags';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import * as help from './help-tags.service';

/**
 * Help tags (issue 28 item 4): `/admin/sys-functions/help-tags` and `-style` edit them, every page
 * asks for its own through `POST /api/config/help/html-tag-help`.
 */
export const helpModule: ServerModule = {
  name: 'help',
  register(app, platform) {
    const route = routesFor(app, platform.registry);
    route(postHtmlTagHelp, ({ ctx, body }) => help.htmlTagHelp(platform, ctx, body));
    route(listHelpTags, ({ query }) => help.listHelpTags(platform, query.page_path));
    route(createHelpTag, ({ ctx, body }) => help.createHelpTag(platform, ctx, body));
    route(updateHelpTag, ({ ctx, params, body }) => help.updateHelpTag(platform, ctx, params.id, body));
    route(deleteHelpTag, ({ ctx, params }) => help.deleteHelpTag(platform, ctx, params.id));
    route(getHelpTagStyle, () => help.getHelpTagStyle(platform));
    route(putHelpTagStyle, ({ ctx, body }) => help.saveHelpTagStyle(platform, ctx, body));
  },
};
