/**
 * The billing permission codes (`area.resource.action`). The page routes' `.view` codes
 * (`page-routes.ts`) open the admin pages; the actions below are granted the same way (the admin
 * role holds `admin.<area>.*`; operators hold orders and invoices).
 */
export const BILLING_PERMISSIONS = {
  plansView: 'admin.plans.read',
  plansEdit: 'admin.plans.edit',
  subscriptionsView: 'admin.subscriptions.read',
  subscriptionsEdit: 'admin.subscriptions.edit',
  creditsView: 'admin.credits.read',
  creditsAdjust: 'admin.credits.adjust',
  resourcesView: 'admin.resources.read',
  ordersView: 'admin.orders.read',
  ordersRefund: 'admin.orders.refund',
  /** Reads a Stripe payment intent again into the mirror (`/admin/stripe/payment-indent`). */
  ordersSync: 'admin.orders.sync',
  invoicesView: 'admin.invoices.read',
  invoicesIssue: 'admin.invoices.issue',
  financialView: 'admin.financial.read',
} as const;
