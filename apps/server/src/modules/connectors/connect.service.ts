import type { ConnectCallbackResult, ConnectType } from '@app/contract/connectors/google-oauth';
import {
  GOOGLE_IDENTITY_SCOPES,
  GOOGLE_SERVICE_LABELS,
  GOOGLE_SERVICE_SCOPES,
  type GoogleService,
} from '@app/contract/connectors/google-services';
import { AppError } from '../../platform/app-error';
import { type AuditTarget, recordOperation } from '../../platform/audit';
import type { SignedInContext } from '../../platform/endpoint';
import type { Platform } from '../../platform/platform';
import {
  type BindingRow,
  countSameAccount,
  countSameSelection,
  deleteBinding,
  findScopeBinding,
  insertBinding,
  updateBinding,
} from './bindings.repo';
import { createConnectState, newPkce, readConnectState, spendConnectState } from './connect-state';
import { type GoogleClient, googleClient, requireOffered } from './google-client';
import { callGoogle, formBody, GoogleApiError } from './google-http';
import {
  assertDataOwner,
  type ConnectorScope,
  resolveAdminScope,
  resolveScope,
  type ScopeInput,
} from './scope';
import { nextPlan, queueSync } from './sync.service';
import { deleteSynced } from './sync-store';
import { openTokens, sealTokens } from './tokens';

const label = (service: GoogleService) => GOOGLE_SERVICE_LABELS[service];
const fill = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((out, [key, value]) => out.replaceAll(`{{${key}}}`, value), text);

/**
 * An admin action that calls Google between its changes: done first, then its operation record
 * (or the refusal's), so no transaction is held open across the network.
 */
async function recorded<T>(
  platform: Platform,
  ctx: SignedInContext,
  target: AuditTarget,
  run: () => Promise<T>,
  after: (result: T) => Record<string, unknown> = (result) => (result as Record<string, unknown>) ?? {},
): Promise<T> {
  let result: T;
  try {
    result = await run();
  } catch (error) {
    await recordOperation(platform.db, ctx, target, {
      error: error instanceof AppError ? `${error.code}: ${error.message}` : 'SERVER_ERROR',
    }).catch(() => undefined);
    throw error;
  }
  await recordOperation(platform.db, ctx, target, { after: after(result) });
  return result;
}

export interface ConnectInput extends ScopeInput {
  type: ConnectType;
  service_type: GoogleService;
  callback_route?: string | undefined;
}

/**
 * The consent URL for binding a service (spec section 7, `connect/create`): offline access (a
 * refresh token), `prompt=consent` so Google sends one every time, the service's scope plus the
 * account's identity, PKCE S256, and the signed state. The data owner only, unless an admin binds
 * (recorded); a service not offered is CONFLICT.
 */
export async function createConnect(
  platform: Platform,
  ctx: SignedInContext,
  input: ConnectInput,
  admin: boolean,
): Promise<{ url: string }> {
  const scope = admin
    ? await resolveAdminScope(platform, ctx, input)
    : await resolveScope(platform, ctx, input);
  if (!admin) assertDataOwner(ctx, scope);
  const service = input.service_type;
  const run = async () => {
    const client = await requireOffered(platform, ctx.t, service);
    const existing = await findScopeBinding(platform.db, scope.teamId, scope.projectId, service);
    if (input.type === 'bind' && existing) {
      throw new AppError('CONFLICT', {
        msg: fill(ctx.t('{{service}} is already bound here: revoke it first, or reconnect it'), {
          service: label(service),
        }),
      });
    }
    if (input.type === 'reconnect' && !existing) {
      throw new AppError('CONFLICT', {
        msg: fill(ctx.t('{{service}} is not bound here, so there is nothing to reconnect'), {
          service: label(service),
        }),
      });
    }
    const pkce = newPkce();
    const state = await createConnectState(
      platform,
      {
        userId: ctx.user.id,
        teamId: scope.teamId,
        projectId: scope.projectId,
        service,
        type: input.type,
        callbackRoute:
          input.callback_route ?? (admin ? '/admin/integ-3rd-platform/platforms' : '/account/connectors'),
        admin,
      },
      pkce.verifier,
    );
    const url = new URL(client.authUrl);
    url.search = new URLSearchParams({
      client_id: client.clientId,
      redirect_uri: client.redirectUri,
      response_type: 'code',
      scope: [...GOOGLE_IDENTITY_SCOPES, ...GOOGLE_SERVICE_SCOPES[service]].join(' '),
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: 'true',
      state,
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
      ...(existing?.accountEmail ? { login_hint: existing.accountEmail } : {}),
    }).toString();
    return url.toString();
  };
  if (!admin) return { url: await run() };
  const url = await recorded(
    platform,
    ctx,
    { action: 'google.connect.create', targetType: 'team', targetId: scope.teamId },
    run,
    () => ({ service, type: input.type, project_id: scope.projectId }),
  );
  return { url };
}

interface GrantedAccount {
  refreshToken: string;
  accessToken: string;
  expiresIn: number;
  scopes: string;
  sub: string;
  email: string | null;
  name: string;
}

/** Code (with the PKCE verifier) -> tokens -> the account's identity. */
async function redeem(
  platform: Platform,
  ctx: SignedInContext,
  client: GoogleClient,
  {
    service,
    teamId,
    code,
    verifier,
  }: { service: GoogleService; teamId: string; code: string; verifier: string },
): Promise<GrantedAccount> {
  const refused = (error: GoogleApiError) =>
    new AppError('UNAUTHORIZED', { msg: `${ctx.t('Google refused the connection')}: ${error.message}` });
  let token: Record<string, unknown>;
  try {
    const answer = await callGoogle(
      platform,
      { api: 'oauth.token', service, teamId },
      client.tokenUrl,
      formBody({
        code,
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uri: client.redirectUri,
        grant_type: 'authorization_code',
        code_verifier: verifier,
      }),
    );
    token = answer.body as Record<string, unknown>;
  } catch (error) {
    if (error instanceof GoogleApiError && error.kind !== 'unavailable') throw refused(error);
    throw new AppError('SERVER_ERROR', {
      msg: ctx.t('Google could not be reached. Please try again in a moment.'),
    });
  }
  const accessToken = typeof token.access_token === 'string' ? token.access_token : null;
  const refreshToken = typeof token.refresh_token === 'string' ? token.refresh_token : null;
  const scopes = typeof token.scope === 'string' ? token.scope : '';
  if (!accessToken || !refreshToken) {
    throw new AppError('CONFLICT', {
      msg: ctx.t('Google did not grant offline access, so the data could not be synced. Please try again.'),
    });
  }
  const granted = new Set(scopes.split(' '));
  if (!GOOGLE_SERVICE_SCOPES[service].every((scope) => granted.has(scope))) {
    throw new AppError('CONFLICT', {
      msg: fill(ctx.t('You did not allow access to {{service}} at Google, so nothing was bound'), {
        service: label(service),
      }),
    });
  }
  let info: Record<string, unknown>;
  try {
    const answer = await callGoogle(
      platform,
      { api: 'oauth.userinfo', service, teamId },
      client.userinfoUrl,
      {
        headers: { authorization: `Bearer ${accessToken}` },
      },
    );
    info = answer.body as Record<string, unknown>;
  } catch (error) {
    if (error instanceof GoogleApiError && error.kind !== 'unavailable') throw refused(error);
    throw new AppError('SERVER_ERROR', {
      msg: ctx.t('Google could not be reached. Please try again in a moment.'),
    });
  }
  const sub = typeof info.sub === 'string' ? info.sub : null;
  if (!sub) throw new AppError('UNAUTHORIZED', { msg: ctx.t('Google did not share the account details') });
  const email = typeof info.email === 'string' ? info.email.toLowerCase() : null;
  const name =
    typeof info.name === 'string' && info.name.trim() ? info.name.trim() : (email ?? 'Google account');
  return {
    refreshToken,
    accessToken,
    expiresIn: typeof token.expires_in === 'number' ? token.expires_in : 3600,
    scopes,
    sub,
    email,
    name,
  };
}

/**
 * Finishes a binding from the code and state Google returned: the state is checked and spent, the
 * signed-in user must be its starter (and, for an admin flow, still an admin), the scope's data
 * owner still the caller, and the tokens are stored sealed. A reconnect must be the same account.
 */
export async function finishConnect(
  platform: Platform,
  ctx: SignedInContext,
  input: { code: string; state: string },
): Promise<ConnectCallbackResult> {
  const state = readConnectState(platform, ctx.t, input.state);
  if (state.userId !== ctx.user.id) {
    throw new AppError('UNAUTHORIZED', {
      msg: ctx.t('This Google connection was started by another account. Please start again.'),
    });
  }
  const verifier = await spendConnectState(platform, ctx.t, state);
  if (state.admin && (await platform.access.decide('admin.integrations.edit', ctx.user)) !== 'OK') {
    throw new AppError('FORBIDDEN');
  }
  const scope = state.admin
    ? await resolveAdminScope(platform, ctx, {
        team_id: state.teamId,
        project_id: state.projectId ?? undefined,
      })
    : await resolveScope(platform, ctx, { team_id: state.teamId, project_id: state.projectId ?? undefined });
  if (!state.admin) assertDataOwner(ctx, scope);
  const service = state.service;
  const client = await requireOffered(platform, ctx.t, service);

  const work = async (): Promise<BindingRow> => {
    const account = await redeem(platform, ctx, client, {
      service,
      teamId: scope.teamId,
      code: input.code,
      verifier,
    });
    const sealedTokens = sealTokens(platform, {
      refresh_token: account.refreshToken,
      access_token: account.accessToken,
    });
    const accessExpiresAt = new Date(Date.now() + account.expiresIn * 1000);
    const existing = await findScopeBinding(platform.db, scope.teamId, scope.projectId, service);
    if (state.type === 'reconnect') {
      if (!existing) {
        throw new AppError('CONFLICT', {
          msg: fill(ctx.t('{{service}} is not bound here, so there is nothing to reconnect'), {
            service: label(service),
          }),
        });
      }
      if (existing.googleSub !== account.sub) {
        throw new AppError('CONFLICT', {
          msg: fill(
            ctx.t('Reconnect with the same Google account ({{account}}), or revoke and bind the other one'),
            { account: existing.accountEmail ?? existing.accountName },
          ),
        });
      }
      const updated = await updateBinding(platform.db, existing.id, {
        sealedTokens,
        accessExpiresAt,
        scopes: account.scopes,
        status: 'active',
        accountName: account.name,
        accountEmail: account.email,
        lastError: null,
        lastErrorAt: null,
      });
      return updated ?? existing;
    }
    const created = await platform.db.transaction((tx) =>
      insertBinding(tx, {
        teamId: scope.teamId,
        projectId: scope.projectId,
        service,
        googleSub: account.sub,
        accountName: account.name,
        accountEmail: account.email,
        sealedTokens,
        accessExpiresAt,
        scopes: account.scopes,
        boundBy: ctx.user.id,
        boundByAdmin: state.admin,
      }),
    );
    if (!created) {
      throw new AppError('CONFLICT', {
        msg: fill(ctx.t('{{service}} is already bound here: revoke it first, or reconnect it'), {
          service: label(service),
        }),
      });
    }
    return created;
  };

  let binding = state.admin
    ? await recorded(
        platform,
        ctx,
        { action: 'google.connect.finish', targetType: 'team', targetId: scope.teamId },
        work,
        (done) => ({ service, type: state.type, binding_id: done.id, account: done.accountEmail }),
      )
    : await work();
  // A reconnected binding with a choice goes on syncing where it left off (or starts its daily run).
  if (
    state.type === 'reconnect' &&
    binding.selectedId &&
    !['queued', 'running'].includes(binding.syncStatus)
  ) {
    binding = await queueSync(platform, binding, nextPlan(binding));
  }
  return {
    purpose: 'connect',
    service,
    type: state.type,
    admin: state.admin,
    account: { name: binding.accountName, email: binding.accountEmail },
    team_id: scope.teamId,
    project_id: scope.projectId,
    callback_route: state.callbackRoute,
    needs_selection: binding.selectedId === null,
  };
}

/**
 * Removes one binding: revokes the grant at Google when no other binding holds the same Google
 * account (Google ends every token of a grant at once), deletes the tokens, and removes the
 * synced rows unless another binding of the team still syncs the same property, site or customer.
 * Google unreachable: the binding is kept so the owner can try again (a revoke must reach Google).
 */
async function revokeOne(
  platform: Platform,
  ctx: SignedInContext,
  scope: ConnectorScope,
  binding: BindingRow,
) {
  if ((await countSameAccount(platform.db, binding.googleSub, binding.id)) === 0) {
    const client = await googleClient(platform);
    if (client) {
      const tokens = openTokens(platform, binding.sealedTokens);
      try {
        await callGoogle(
          platform,
          { api: 'oauth.revoke', service: binding.service, teamId: binding.teamId, bindingId: binding.id },
          client.revokeUrl,
          formBody({ token: tokens.refresh_token }),
        );
      } catch (error) {
        // Already revoked at Google (`invalid_token`): there is nothing more to end there.
        if (!(error instanceof GoogleApiError) || error.kind === 'unavailable' || error.kind === 'quota') {
          throw new AppError('SERVER_ERROR', {
            msg: ctx.t('Google could not be reached to revoke the access. Please try again in a moment.'),
          });
        }
      }
    }
  }
  const removed = await platform.db.transaction((tx) => deleteBinding(tx, binding.id));
  if (!removed) return false;
  const keep =
    removed.selectedId !== null &&
    (await countSameSelection(platform.db, scope.teamId, removed.service, removed.selectedId, removed.id)) >
      0;
  if (removed.selectedId && !keep) {
    await deleteSynced(
      platform.analytics,
      scope.teamId,
      removed.service as GoogleService,
      removed.selectedId,
      removed.id,
    );
  }
  return true;
}

export async function revoke(
  platform: Platform,
  ctx: SignedInContext,
  input: ScopeInput & { service_types: GoogleService[] },
  admin: boolean,
): Promise<{ revoked: GoogleService[] }> {
  const scope = admin
    ? await resolveAdminScope(platform, ctx, input)
    : await resolveScope(platform, ctx, input);
  if (!admin) assertDataOwner(ctx, scope);
  const revoked: GoogleService[] = [];
  const work = async () => {
    for (const service of input.service_types) {
      const binding = await findScopeBinding(platform.db, scope.teamId, scope.projectId, service);
      if (binding && (await revokeOne(platform, ctx, scope, binding))) revoked.push(service);
    }
  };
  if (!admin) {
    await work();
    return { revoked };
  }
  // Google is called between the changes, so the record follows them (recordOperation), never a
  // transaction held open across the network.
  await recorded(
    platform,
    ctx,
    { action: 'google.revoke', targetType: 'team', targetId: scope.teamId },
    async () => {
      await work();
      return { services: revoked, project_id: scope.projectId };
    },
  );
  return { revoked };
}
