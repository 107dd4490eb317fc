import type { ConnectorService } from '@app/contract/connectors/connectors';
import {
  GOOGLE_SERVICE_LABELS,
  GOOGLE_SERVICES,
  type GoogleService,
} from '@app/contract/connectors/google-services';
import type {
  AnalyticsMetadata,
  GadsSelected,
  GaSelected,
  GscSelected,
  SelectedBody,
  zSelectedBody,
} from '@app/contract/connectors/metadata';
import type { z } from 'zod';
import { AppError, validationError } from '../../platform/app-error';
import type { SignedInContext } from '../../platform/endpoint';
import type { Platform } from '../../platform/platform';
import { readDynamicConfig } from '../dynamic-configs/dynamic-configs.service';
import { type BindingRow, countSameSelection, findScopeBinding, updateBinding } from './bindings.repo';
import { serviceStatus } from './connectors.service';
import { adsCustomers, gaAccountSummaries, gscSites } from './google-apis';
import { type GoogleClient, googleClient, NOT_CONFIGURED } from './google-client';
import { GoogleApiError } from './google-http';
import { assertDataOwner, resolveScope, type ScopeInput } from './scope';
import { backfillPlan, queueSync } from './sync.service';
import { deleteSynced, resetCursor } from './sync-store';
import { NeedsReconnectError } from './tokens';

type Selected = z.output<typeof zSelectedBody>;

/** Why Google's list could not be read, in words to show (the other services still answer). */
function failure(t: (msgid: string) => string, error: unknown): string {
  if (error instanceof NeedsReconnectError)
    return t('Google no longer accepts this connection: reconnect it');
  if (error instanceof GoogleApiError) {
    if (error.kind === 'quota') return `${t('Google quota reached, try again later')} (${error.message})`;
    return `${t('Google refused the request')}: ${error.message}`;
  }
  throw error;
}

async function metadataOf(
  platform: Platform,
  client: GoogleClient,
  t: (msgid: string) => string,
  binding: BindingRow,
): Promise<NonNullable<AnalyticsMetadata[GoogleService]>> {
  const service = binding.service as GoogleService;
  const selected = (binding.selected ?? null) as never;
  if (service === 'ga') {
    try {
      return {
        values: { accountSummaries: await gaAccountSummaries(platform, client, binding) },
        selected,
        error: null,
      };
    } catch (error) {
      return { values: { accountSummaries: [] }, selected, error: failure(t, error) };
    }
  }
  if (service === 'gsc') {
    try {
      return { values: { siteEntry: await gscSites(platform, client, binding) }, selected, error: null };
    } catch (error) {
      return { values: { siteEntry: [] }, selected, error: failure(t, error) };
    }
  }
  try {
    return { values: await adsCustomers(platform, client, binding), selected, error: null };
  } catch (error) {
    return { values: [], selected, error: failure(t, error) };
  }
}

/**
 * Spec section 3, "Analytics metadata per service": what each bound Google account offers, read
 * from Google now, and what the scope chose. The data owner only: the lists name the account's
 * other properties.
 */
export async function getMetadata(
  platform: Platform,
  ctx: SignedInContext,
  input: ScopeInput & { platform?: GoogleService | undefined },
): Promise<AnalyticsMetadata> {
  const scope = await resolveScope(platform, ctx, input);
  assertDataOwner(ctx, scope);
  const client = await googleClient(platform);
  if (!client) throw new AppError('CONFLICT', { msg: ctx.t(NOT_CONFIGURED) });
  const gadsEnable = await readDynamicConfig(platform, 'gads_enable');
  const answer: AnalyticsMetadata = { ga: null, gsc: null, gads: null };
  for (const service of GOOGLE_SERVICES) {
    if (input.platform && input.platform !== service) continue;
    if (service === 'gads' && !gadsEnable) continue;
    const binding = await findScopeBinding(platform.db, scope.teamId, scope.projectId, service);
    if (!binding) continue;
    (answer as Record<GoogleService, unknown>)[service] = await metadataOf(platform, client, ctx.t, binding);
  }
  return answer;
}

/** What the choice names, checked against Google's lists: the spec's `selected`, an id and a name. */
async function resolveChoice(
  platform: Platform,
  client: GoogleClient,
  binding: BindingRow,
  body: Selected,
): Promise<{ selected: GaSelected | GscSelected | GadsSelected; id: string; name: string }> {
  if (body.platform === 'ga') {
    const accounts = await gaAccountSummaries(platform, client, binding);
    for (const account of accounts) {
      const property = account.propertySummaries.find((p) => p.property === body.selected.property);
      if (property) {
        return {
          selected: {
            displayName: account.displayName,
            propertyDisplayName: property.displayName,
            property: property.property,
            propertyType: property.propertyType,
            parent: property.parent,
          },
          id: property.property,
          name: property.displayName,
        };
      }
    }
    throw validationError({
      'selected.property': `The Google account has no property ${body.selected.property}`,
    });
  }
  if (body.platform === 'gsc') {
    const site = (await gscSites(platform, client, binding)).find((s) => s.siteUrl === body.selected.siteUrl);
    if (!site) {
      throw validationError({
        'selected.siteUrl': `The Google account has no site ${body.selected.siteUrl}`,
      });
    }
    return { selected: { siteUrl: site.siteUrl }, id: site.siteUrl, name: site.siteUrl };
  }
  const [first, second] = body.selected.customer_hierarchy;
  const customers = await adsCustomers(platform, client, binding);
  const top = customers.find((c) => c.id === first);
  const leaf =
    second === undefined ? top : top?.manager ? top.children.find((c) => c.id === second) : undefined;
  if (!top || !leaf || leaf.manager) {
    throw validationError({
      'selected.customer_hierarchy':
        'Name a customer the account reaches: a manager then one of its client accounts, or a client account alone',
    });
  }
  return { selected: { customer_hierarchy: body.selected.customer_hierarchy }, id: leaf.id, name: leaf.name };
}

/**
 * Chooses what a bound service syncs (data owner only). A new choice starts a backfill; the rows
 * of the previous one leave the store unless another binding of the team syncs it too. The same
 * choice again changes nothing.
 */
export async function putSelected(
  platform: Platform,
  ctx: SignedInContext,
  body: Selected & ScopeInput,
): Promise<ConnectorService> {
  const scope = await resolveScope(platform, ctx, body);
  assertDataOwner(ctx, scope);
  const service = body.platform;
  const label = ctx.t(GOOGLE_SERVICE_LABELS[service]);
  const binding = await findScopeBinding(platform.db, scope.teamId, scope.projectId, service);
  if (!binding)
    throw new AppError('NOT_FOUND', {
      msg: ctx.t('{{service}} is not bound here').replace('{{service}}', label),
    });
  if (binding.status === 'needs_reconnect') {
    throw new AppError('CONFLICT', {
      msg: ctx.t('{{service}} needs to be reconnected before it can sync').replace('{{service}}', label),
    });
  }
  if (service === 'gads' && !(await readDynamicConfig(platform, 'gads_enable'))) {
    throw new AppError('CONFLICT', {
      msg: ctx.t('Google Ads is not offered on this server (gads_enable is off)'),
    });
  }
  const client = await googleClient(platform);
  if (!client) throw new AppError('CONFLICT', { msg: ctx.t(NOT_CONFIGURED) });
  let choice: Awaited<ReturnType<typeof resolveChoice>>;
  try {
    choice = await resolveChoice(platform, client, binding, body);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('CONFLICT', { msg: failure(ctx.t, error) });
  }
  if (binding.selectedId === choice.id) return serviceStatus(platform, ctx.t, service, binding);

  const previous = binding.selectedId;
  const updated = await updateBinding(platform.db, binding.id, {
    selected: choice.selected as unknown as Record<string, unknown>,
    selectedId: choice.id,
    selectedName: choice.name,
    backfilledAt: null,
    heldStart: null,
    heldEnd: null,
    completeThrough: null,
    lastSyncAt: null,
    lastError: null,
    lastErrorAt: null,
  });
  if (!updated)
    throw new AppError('NOT_FOUND', {
      msg: ctx.t('{{service}} is not bound here').replace('{{service}}', label),
    });
  if (
    previous &&
    (await countSameSelection(platform.db, scope.teamId, service, previous, binding.id)) === 0
  ) {
    await deleteSynced(platform.analytics, scope.teamId, service, previous, binding.id);
  } else {
    await resetCursor(platform.analytics, scope.teamId, binding.id);
  }
  const queued = await queueSync(platform, updated, backfillPlan());
  return serviceStatus(platform, ctx.t, service, queued);
}

export type { SelectedBody };
