import { adminTeamsModule } from './modules/admin-teams/admin-teams.routes';
import { adminUsersModule } from './modules/admin-users/admin-users.routes';
import { aiTablesModule } from './modules/ai-tables/ai-tables.routes';
import { analysisModule } from './modules/analysis/analysis.routes';
import { analyticsModule } from './modules/analytics/analytics.routes';
import { auditModule } from './modules/audit/audit.routes';
import { authModule } from './modules/auth/auth.routes';
import { backupsModule } from './modules/backups/backups.routes';
import { billingModule } from './modules/billing/billing.routes';
import { brandModule } from './modules/brand/brand.routes';
import { cachesModule } from './modules/caches/caches.routes';
import { chatModule } from './modules/chat/chat.routes';
import { connectorsModule } from './modules/connectors/connectors.routes';
import { coreModule } from './modules/core/core.routes';
import { creditsModule } from './modules/credits/credits.routes';
import { dashboardModule } from './modules/dashboard/dashboard.routes';
import { dynamicConfigsModule } from './modules/dynamic-configs/dynamic-configs.routes';
import { editingModule } from './modules/editing/editing.routes';
import { eventsModule } from './modules/events/events.routes';
import { filesModule } from './modules/files/files.routes';
import { foreignKeysModule } from './modules/foreign-keys/foreign-keys.routes';
import { helpModule } from './modules/help/help-tags.routes';
import { i18nModule } from './modules/i18n/i18n.routes';
import { messagesModule } from './modules/messages/messages.routes';
import { openApiModule } from './modules/open-api/open-api.routes';
import { paymentMethodsModule } from './modules/payment-methods/payment-methods.routes';
import { paymentsModule } from './modules/payments/payments.routes';
import { stripeMirrorModule } from './modules/payments/stripe/stripe-mirror.routes';
import { stripeSchedulesModule } from './modules/payments/stripe/stripe-schedules.routes';
import { stripeSubscriptionsModule } from './modules/payments/stripe/stripe-subscriptions.routes';
import { permissionsModule } from './modules/permissions/permissions.routes';
import { personalizationModule } from './modules/personalization/personalization.routes';
import { profileModule } from './modules/profile/profile.routes';
import { projectsModule } from './modules/projects/projects.routes';
import { rolesModule } from './modules/roles/roles.routes';
import { scheduleLogsModule } from './modules/schedule-logs/schedule-logs.routes';
import { securityModule } from './modules/security/security.routes';
import { socialModule } from './modules/social/social.routes';
import { storageModule } from './modules/storage/storage.routes';
import { sysSettingsModule } from './modules/sys-settings/sys-settings.routes';
import { teamsModule } from './modules/teams/teams.routes';
import { toolsModule } from './modules/tools/tools.routes';
import { usersModule } from './modules/users/users.routes';
import { viewSettingsModule } from './modules/view-settings/view-settings.routes';
import type { ServerModule } from './platform/platform';

/** Every feature's server side, registered in this order. A new feature adds one line here. */
export const serverModules: ServerModule[] = [
  coreModule,
  authModule,
  usersModule,
  i18nModule,
  permissionsModule,
  viewSettingsModule,
  dashboardModule,
  adminUsersModule,
  rolesModule,
  adminTeamsModule,
  auditModule,
  openApiModule,
  teamsModule,
  projectsModule,
  brandModule,
  profileModule,
  filesModule,
  storageModule,
  toolsModule,
  chatModule,
  analysisModule,
  aiTablesModule,
  personalizationModule,
  securityModule,
  socialModule,
  sysSettingsModule,
  eventsModule,
  messagesModule,
  scheduleLogsModule,
  editingModule,
  analyticsModule,
  foreignKeysModule,
  dynamicConfigsModule,
  cachesModule,
  backupsModule,
  helpModule,
  connectorsModule,
  billingModule,
  paymentsModule,
  stripeMirrorModule,
  stripeSubscriptionsModule,
  stripeSchedulesModule,
  paymentMethodsModule,
  creditsModule,
];
