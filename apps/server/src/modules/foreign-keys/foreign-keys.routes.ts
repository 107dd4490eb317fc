import {
  clearForeignKey,
  listForeignKeys,
  saveForeignKey,
  testForeignKey,
} from '@app/contract/admin/foreign-keys/foreign-keys';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import { certificateExpiryReminder } from './certificate-reminder';
import * as keys from './foreign-keys.service';

/** `/admin/sys-settings/foreign-keys`: third-party credentials, sealed at rest, masked on the wire. */
export const foreignKeysModule: ServerModule = {
  name: 'foreign-keys',
  register(app, platform) {
    const route = routesFor(app, platform.registry);
    route(listForeignKeys, () => keys.listForeignKeys(platform));
    route(saveForeignKey, ({ ctx, params, body }) =>
      keys.saveForeignKey(platform, ctx, params.kind, body.values),
    );
    route(clearForeignKey, ({ ctx, params }) => keys.clearForeignKey(platform, ctx, params.kind));
    route(testForeignKey, ({ ctx, params }) => keys.testForeignKey(platform, ctx, params.kind));
    // Each certificate the keys hold or fetch: its admins hear once when 30 days are left.
    platform.reminders.register(certificateExpiryReminder(platform));
  },
};
