/**
 * The billing permission codes (`area.resource.action`). The page routes' `.view` codes
 * (`page-routes.ts`) open the admin pages; the actions below are granted the same way (the admin
 * role holds `admin.<area>.*`; operators hold orders and invoices).
 */
export const BILLING_PERMISSIONS = {
  plansView: 'admin.plans.view',
  plansEdit: 'admin.plans.edit',
  subscriptionsView: 'admin.subscriptions.view',
  subscriptionsEdit: 'admin.subscriptions.edit',
  creditsView: 'admin.credits.view',
  creditsAdjust: 'admin.credits.adjust',
  resourcesView: 'admin.resources.view',
  ordersView: 'admin.orders.view',
  ordersRefund: 'admin.orders.refund',
  /** Reads a Stripe payment intent again into the mirror (`/admin/stripe/payment-indent`). */
  ordersSync: 'admin.orders.sync',
  invoicesView: 'admin.invoices.view',
  invoicesIssue: 'admin.invoices.issue',
  financialView: 'admin.financial.view',
} as const;
