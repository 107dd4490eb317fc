import type { BoundAccountInfo, BoundServicePayload } from '@app/contract/connectors/bound-account';
import type { ConnectorService, ConnectorsStatus } from '@app/contract/connectors/connectors';
import {
  GOOGLE_SERVICE_LABELS,
  GOOGLE_SERVICES,
  type GoogleService,
  type SyncStatus,
} from '@app/contract/connectors/google-services';
import { AppError } from '../../platform/app-error';
import type { SignedInContext } from '../../platform/endpoint';
import { toSeconds, toSecondsOrNull } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import { readDynamicConfig } from '../dynamic-configs/dynamic-configs.service';
import { type BindingRow, findScopeBinding, listScopeBindings } from './bindings.repo';
import { offerReason, serviceOffer } from './google-client';
import { type ConnectorScope, resolveAdminScope, resolveScope, type ScopeInput } from './scope';
import { nextPlan, queueSync, resumeNow } from './sync.service';

/** A sync that finished within this long is fresh. */
const FRESH_HOURS = 36;

function payloadOf(binding: BindingRow): BoundServicePayload {
  return {
    name: binding.accountName,
    email: binding.accountEmail,
    needs_reconnect: binding.status === 'needs_reconnect',
    bound_at: toSeconds(binding.boundAt),
    bound_by_user_id: binding.boundBy,
  };
}

/** Spec section 3, "Bound-account info", for the scope. */
async function boundInfo(
  platform: Platform,
  ctx: SignedInContext,
  scope: ConnectorScope,
  platforms: string[],
): Promise<BoundAccountInfo> {
  const answer: BoundAccountInfo = {
    platforms: {},
    requestor_user_id: ctx.user.id,
    data_owner_user_id: scope.dataOwnerId,
  };
  if (platforms.includes('google')) {
    const bindings = await listScopeBindings(platform.db, scope.teamId, scope.projectId);
    const services = GOOGLE_SERVICES.filter((service) => bindings.some((b) => b.service === service));
    answer.platforms.google = {
      is_bound: services.length > 0,
      services,
      payload: Object.fromEntries(
        bindings
          .filter((b) => (GOOGLE_SERVICES as readonly string[]).includes(b.service))
          .map((b) => [b.service, payloadOf(b)]),
      ),
    };
  }
  return answer;
}

export async function getBoundInfo(
  platform: Platform,
  ctx: SignedInContext,
  input: ScopeInput & { platforms: string[] },
  admin: boolean,
): Promise<BoundAccountInfo> {
  const scope = admin
    ? await resolveAdminScope(platform, ctx, input)
    : await resolveScope(platform, ctx, input);
  return boundInfo(platform, ctx, scope, input.platforms);
}

function freshnessOf(binding: BindingRow | null): ConnectorService['freshness'] {
  if (!binding?.lastSyncAt) {
    return { state: 'none', synced_at: null, complete_through: binding?.completeThrough ?? null };
  }
  const fresh = Date.now() - binding.lastSyncAt.getTime() < FRESH_HOURS * 3_600_000;
  return {
    state: fresh ? 'fresh' : 'stale',
    synced_at: toSeconds(binding.lastSyncAt),
    complete_through: binding.completeThrough,
  };
}

/** One service's row on the connectors page. */
export async function serviceStatus(
  platform: Platform,
  t: (msgid: string) => string,
  service: GoogleService,
  binding: BindingRow | null,
): Promise<ConnectorService> {
  const offer = await serviceOffer(platform, service);
  const total = binding?.syncWindowsTotal ?? 0;
  return {
    service,
    label: t(GOOGLE_SERVICE_LABELS[service]),
    available: offer.offered,
    unavailable_reason: offer.reason ? offerReason(t, service, offer.reason) : null,
    bound: binding !== null,
    needs_reconnect: binding?.status === 'needs_reconnect',
    account: binding ? { name: binding.accountName, email: binding.accountEmail } : null,
    selected:
      binding?.selectedId != null
        ? { id: binding.selectedId, name: binding.selectedName ?? binding.selectedId }
        : null,
    data_range:
      binding?.heldStart && binding.heldEnd ? { start: binding.heldStart, end: binding.heldEnd } : null,
    last_sync_at: toSecondsOrNull(binding?.lastSyncAt),
    freshness: freshnessOf(binding),
    sync: {
      status: (binding?.syncStatus ?? 'idle') as SyncStatus,
      phase:
        binding?.syncPhase === 'backfill' || binding?.syncPhase === 'incremental' ? binding.syncPhase : null,
      progress: binding && total > 0 ? Math.min(1, binding.syncWindowsDone / total) : null,
      range:
        binding?.syncRangeStart && binding.syncRangeEnd
          ? { start: binding.syncRangeStart, end: binding.syncRangeEnd }
          : null,
      rows: binding?.syncRows ?? 0,
      started_at: toSecondsOrNull(binding?.syncStartedAt),
      finished_at: toSecondsOrNull(binding?.syncFinishedAt),
      next_attempt_at: toSecondsOrNull(binding?.syncNextAttemptAt),
    },
    last_error:
      binding?.lastError && binding.lastErrorAt
        ? { message: binding.lastError, at: toSeconds(binding.lastErrorAt) }
        : null,
  };
}

/** `/account/connectors`: every Google service for the scope, bound or not. */
export async function getConnectorsStatus(
  platform: Platform,
  ctx: SignedInContext,
  input: ScopeInput,
): Promise<ConnectorsStatus> {
  const scope = await resolveScope(platform, ctx, input);
  const bindings = await listScopeBindings(platform.db, scope.teamId, scope.projectId);
  const services = await Promise.all(
    GOOGLE_SERVICES.map((service) =>
      serviceStatus(platform, ctx.t, service, bindings.find((b) => b.service === service) ?? null),
    ),
  );
  return {
    requestor_user_id: ctx.user.id,
    data_owner_user_id: scope.dataOwnerId,
    is_data_owner: ctx.user.id === scope.dataOwnerId,
    gads_enable: await readDynamicConfig(platform, 'gads_enable'),
    team_id: scope.teamId,
    project_id: scope.projectId,
    services,
  };
}

/**
 * 'Sync now': any member of the scope. A queued or running sync is answered as it is; a waiting
 * one resumes now; otherwise a new run starts (the backfill until it has finished once).
 */
export async function syncNow(
  platform: Platform,
  ctx: SignedInContext,
  input: ScopeInput & { service: GoogleService },
): Promise<ConnectorService> {
  const scope = await resolveScope(platform, ctx, input);
  const service = input.service;
  const label = ctx.t(GOOGLE_SERVICE_LABELS[service]);
  const binding = await findScopeBinding(platform.db, scope.teamId, scope.projectId, service);
  if (!binding) {
    throw new AppError('NOT_FOUND', {
      msg: ctx.t('{{service}} is not bound here').replace('{{service}}', label),
    });
  }
  if (binding.status === 'needs_reconnect') {
    throw new AppError('CONFLICT', {
      msg: ctx.t('{{service}} needs to be reconnected before it can sync').replace('{{service}}', label),
    });
  }
  if (!binding.selectedId) {
    throw new AppError('CONFLICT', {
      msg: ctx.t('Choose what {{service}} syncs first').replace('{{service}}', label),
    });
  }
  const offer = await serviceOffer(platform, service);
  if (!offer.offered) {
    throw new AppError('CONFLICT', { msg: offerReason(ctx.t, service, offer.reason ?? '') });
  }
  let current = binding;
  if (binding.syncStatus === 'waiting') current = await resumeNow(platform, binding);
  else if (binding.syncStatus !== 'queued' && binding.syncStatus !== 'running') {
    current = await queueSync(platform, binding, nextPlan(binding));
  }
  return serviceStatus(platform, ctx.t, service, current);
}
