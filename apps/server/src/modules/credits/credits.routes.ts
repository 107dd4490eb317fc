import {
  adjustCredits,
  getMyCredits,
  listAdminCreditLedger,
  listAdminCredits,
  listMyCreditLedger,
} from '@app/contract/billing/credits';
import { deleteModelPrice, getPrices, putFunctionPrice, putModelPrice } from '@app/contract/billing/prices';
import {
  getMyUsage,
  getResourcesSummary,
  listAdminUsageLogs,
  listMyUsageLogs,
} from '@app/contract/billing/usage';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import * as account from './account-credits.service';
import * as admin from './admin-credits.service';
import { watchCreditHolds } from './credits.metrics';
import { releaseExpiredReservations } from './credits.service';
import * as prices from './prices.service';

/** Credits: balances, the ledger, usage; and the job that frees abandoned reservations. */
export const creditsModule: ServerModule = {
  name: 'credits',
  register(app, platform) {
    watchCreditHolds(platform);
    const route = routesFor(app, platform.registry);
    route(getMyCredits, ({ ctx }) => account.getMyCredits(platform, ctx));
    route(listMyCreditLedger, ({ ctx, query }) => account.listMyLedger(platform, ctx, query));
    route(getMyUsage, ({ ctx, query }) => account.getMyUsage(platform, ctx, query));
    route(listMyUsageLogs, ({ ctx, query }) => account.listMyUsageLogs(platform, ctx, query));
    route(listAdminCredits, ({ query }) => admin.listAdminCredits(platform, query));
    route(listAdminCreditLedger, ({ ctx, params, query }) =>
      admin.listAdminCreditLedger(platform, ctx, params.team_id, query),
    );
    route(adjustCredits, ({ ctx, params, body }) =>
      admin.adjustTeamCredits(platform, ctx, params.team_id, body),
    );
    route(listAdminUsageLogs, ({ query }) => admin.listAdminUsageLogs(platform, query));
    route(getResourcesSummary, ({ ctx, query }) => admin.resourcesSummary(platform, ctx, query));
    route(getPrices, () => prices.getPrices(platform));
    route(putModelPrice, ({ ctx, body }) => prices.setModelPrice(platform, ctx, body));
    route(deleteModelPrice, ({ ctx, query }) => prices.deleteModelPrice(platform, ctx, query.model));
    route(putFunctionPrice, ({ ctx, body }) => prices.setFunctionPrice(platform, ctx, body));

    platform.jobs.define({
      name: 'credits.release-expired',
      // A crashed process's holds come back within a minute of their lease running out.
      cron: '* * * * *',
      run: async () => {
        await releaseExpiredReservations(platform);
      },
    });
  },
};
