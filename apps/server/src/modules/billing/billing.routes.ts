import {
  getAdminOrder as getAdminOrderEndpoint,
  listAdminOrders as listAdminOrdersEndpoint,
  refundOrder as refundOrderEndpoint,
} from '@app/contract/billing/admin-orders';
import { getFinancialReport } from '@app/contract/billing/financial';
import * as invoiceApi from '@app/contract/billing/invoices';
import * as orderApi from '@app/contract/billing/orders';
import * as planApi from '@app/contract/billing/plans';
import * as subscriptionApi from '@app/contract/billing/subscriptions';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import { registerTeamAccountOpener } from '../credits/team-accounts';
import { registerBillsToPay } from '../payments/bills-to-pay';
import { reconcileTrades } from '../payments/reconcile';
import { registerRefundNotices } from '../payments/refund-notices';
import * as adminOrders from './admin-orders.service';
import { financialReport } from './financial.service';
import * as invoices from './invoices.service';
import { expireBills } from './orders.repo';
import * as orders from './orders.service';
import { payableBills } from './payable-bills';
import * as plans from './plans.service';
import { reconcileRefunds, settleNotifiedRefund } from './refunds.service';
import { ensureTeamBilling } from './subscription-lifecycle';
import * as subscriptions from './subscriptions.service';

/** Billing: plans, orders and bills, subscriptions, invoices, admin orders and the financial report. */
export const billingModule: ServerModule = {
  name: 'billing',
  register(app, platform) {
    // Credits and payments sit below billing; what they need of it, billing hands them here.
    registerTeamAccountOpener(platform, ensureTeamBilling);
    registerBillsToPay(platform, payableBills);
    registerRefundNotices(platform, (input) => settleNotifiedRefund(platform, input));
    const route = routesFor(app, platform.registry);
    // Plans
    route(planApi.listPlans, ({ ctx }) => orders.listPlansForTeam(platform, ctx));
    route(planApi.listAdminPlans, ({ ctx, query }) => plans.listAdminPlans(platform, ctx, query));
    route(planApi.createPlan, ({ ctx, body }) => plans.createPlan(platform, ctx, body));
    route(planApi.updatePlan, ({ ctx, params, body }) => plans.updatePlan(platform, ctx, params.id, body));
    route(planApi.deletePlan, ({ ctx, params }) => plans.deletePlan(platform, ctx, params.id));
    route(planApi.getFunctionPermissions, ({ ctx }) => plans.getFunctionPermissions(platform, ctx));
    route(planApi.setFunctionPermission, ({ ctx, body }) => plans.setFunctionPermission(platform, ctx, body));
    // Orders and bills
    route(orderApi.previewOrder, ({ ctx, query }) => orders.previewOrder(platform, ctx, query.plan_id));
    route(orderApi.createOrder, ({ ctx, body, request }) =>
      orders.createOrder(platform, ctx, body.plan_id, request.log),
    );
    route(orderApi.listOrders, ({ ctx, query }) => orders.listOrders(platform, ctx, query));
    route(orderApi.getOrder, ({ ctx, params }) => orders.getOrder(platform, ctx, params.id));
    route(orderApi.cancelOrder, ({ ctx, params }) => orders.cancelOrder(platform, ctx, params.id));
    route(orderApi.getBill, ({ ctx, query }) => orders.getBill(platform, ctx, query.id));
    // Subscriptions
    route(subscriptionApi.getMySubscription, ({ ctx }) => subscriptions.getMySubscription(platform, ctx));
    route(subscriptionApi.listSubscriptionHistory, ({ ctx, query }) =>
      subscriptions.listMyHistory(platform, ctx, query),
    );
    route(subscriptionApi.listAdminSubscriptions, ({ query }) =>
      subscriptions.listAdminSubscriptions(platform, query),
    );
    route(subscriptionApi.extendSubscription, ({ ctx, params, body }) =>
      subscriptions.extendSubscription(platform, ctx, params.id, body),
    );
    route(subscriptionApi.cancelSubscription, ({ ctx, params, body }) =>
      subscriptions.cancelSubscription(platform, ctx, params.id, body.reason),
    );
    route(subscriptionApi.getAdminTeamSubscription, ({ params, query }) =>
      subscriptions.listTeamHistory(platform, params.team_id, query),
    );
    // Invoices
    route(invoiceApi.requestInvoice, ({ ctx, body }) => invoices.requestInvoice(platform, ctx, body));
    route(invoiceApi.listMyInvoices, ({ ctx, query }) => invoices.listMyInvoices(platform, ctx, query));
    route(invoiceApi.getMyInvoice, ({ ctx, params }) => invoices.getMyInvoice(platform, ctx, params.id));
    route(invoiceApi.createInvoiceLink, ({ ctx, params, body }) =>
      invoices.createMyInvoiceLink(platform, ctx, params.id, body.disposition),
    );
    route(invoiceApi.downloadInvoice, ({ query }) => invoices.downloadInvoice(platform, query.token));
    route(invoiceApi.listAdminInvoices, ({ query }) => invoices.listAdminInvoices(platform, query));
    route(invoiceApi.getAdminInvoice, ({ params }) => invoices.getAdminInvoice(platform, params.id));
    route(invoiceApi.issueInvoice, ({ ctx, params, body }) =>
      invoices.issueInvoice(platform, ctx, params.id, body.note),
    );
    route(invoiceApi.rejectInvoice, ({ ctx, params, body }) =>
      invoices.rejectInvoice(platform, ctx, params.id, body.reason),
    );
    route(invoiceApi.createAdminInvoiceLink, ({ ctx, params, body }) =>
      invoices.createAdminInvoiceLink(platform, ctx, params.id, body.disposition),
    );
    // Admin orders and money
    route(listAdminOrdersEndpoint, ({ ctx, query }) => adminOrders.listAdminOrders(platform, ctx, query));
    route(getAdminOrderEndpoint, ({ ctx, params }) => adminOrders.getAdminOrder(platform, ctx, params.id));
    route(refundOrderEndpoint, ({ ctx, params, body }) =>
      adminOrders.refundOrder(platform, ctx, params.id, body),
    );
    route(getFinancialReport, ({ ctx, query }) => financialReport(platform, ctx, query));

    platform.jobs.define({
      name: 'billing.expire-bills',
      // Unpaid bills expire 30 minutes after they are made; reads and payments check the time too.
      cron: '* * * * *',
      run: async () => {
        await expireBills(platform.db, new Date());
      },
    });
    platform.jobs.define({
      name: 'payments.reconcile',
      // Spec: trades left open over two minutes and pending refunds are asked of their providers.
      cron: '* * * * *',
      retryLimit: 0,
      run: async () => {
        const now = new Date();
        await reconcileTrades(platform, now, app.log);
        await reconcileRefunds(platform, now, app.log);
      },
    });
    platform.jobs.define({
      name: 'billing.periods',
      // Periods end on the second; a minute's lag is what a team may wait for its renewal grant.
      cron: '* * * * *',
      run: async () => {
        await subscriptions.rollOverDue(platform);
      },
    });
    platform.reminders.register({
      name: 'billing.expiry',
      collect: (now) => subscriptions.collectExpiryReminders(platform, now),
    });
  },
};
