import { randomBytes, randomUUID } from 'node:crypto';
import {
  REST_TOKEN_PREFIX,
  type RestToken,
  type zIssueRestToken,
} from '@app/contract/admin/open-api/rest-tokens';
import { operationIdOf } from '@app/contract/core/api-docs';
import type { ListQuery } from '@app/contract/list';
import {
  isPermissionCode,
  type Permission,
  TOKEN_SCOPES,
  type TokenScope,
} from '@app/contract/permission-codes';
import type { z } from 'zod';
import { AppError, validationError } from '../../platform/app-error';
import { audited } from '../../platform/audit';
import type { SignedInContext } from '../../platform/endpoint';
import { toListPage, toSeconds, toSecondsOrNull } from '../../platform/list-query';
import { hashRestToken, tokenScopeOf } from '../../platform/open-api-gate';
import type { Platform } from '../../platform/platform';
import { say } from '../../platform/say';
import {
  insertRestToken,
  listRestTokenRows,
  lockRestToken,
  markRevoked,
  type RestTokenRow,
  restTokenRow,
  teamExists,
} from './rest-tokens.repo';

function toRestToken(
  { token, teamName, creatorName, creatorEmail }: RestTokenRow,
  now = Date.now(),
): RestToken {
  const status = token.revokedAt
    ? 'revoked'
    : token.expiresAt && token.expiresAt.getTime() <= now
      ? 'expired'
      : 'active';
  return {
    id: token.id,
    name: token.name,
    team: { id: token.teamId, name: teamName },
    scopes: token.scopes,
    token_prefix: `${token.tokenPrefix}…`,
    rate_limit_per_minute: token.rateLimitPerMinute,
    status,
    created_by: { id: token.createdBy, name: creatorName, email: creatorEmail },
    created_at: toSeconds(token.createdAt),
    expires_at: toSecondsOrNull(token.expiresAt),
    revoked_at: toSecondsOrNull(token.revokedAt),
    last_used_at: toSecondsOrNull(token.lastUsedAt),
  };
}

export async function listRestTokens(platform: Platform, query: ListQuery) {
  return toListPage(query, await listRestTokenRows(platform.db, query), (row) => toRestToken(row));
}

/** Each scope that opens an Open API endpoint, with those endpoints. */
function scopeEndpoints(
  platform: Platform,
): Map<TokenScope, { id: string; operation_id: string; summary: string }[]> {
  const byScope = new Map<TokenScope, { id: string; operation_id: string; summary: string }[]>();
  for (const endpoint of platform.registry.all()) {
    const scope = tokenScopeOf(endpoint);
    if (!scope) continue;
    byScope.set(scope, [
      ...(byScope.get(scope) ?? []),
      {
        id: endpoint.id,
        operation_id: operationIdOf(endpoint.method, endpoint.path),
        summary: endpoint.summary,
      },
    ]);
  }
  return byScope;
}

async function holds(platform: Platform, ctx: SignedInContext, scope: TokenScope): Promise<boolean> {
  return (
    !isPermissionCode(scope as Permission) ||
    (await platform.access.decide(scope as Permission, ctx.user)) === 'OK'
  );
}

export async function listScopes(platform: Platform, ctx: SignedInContext) {
  const byScope = scopeEndpoints(platform);
  const items = [];
  for (const scope of TOKEN_SCOPES) {
    const endpoints = byScope.get(scope);
    if (!endpoints) continue;
    items.push({ scope, held: await holds(platform, ctx, scope), endpoints });
  }
  return { items };
}

/**
 * Issues a token: 30 random bytes after `rt_`, answered once and kept as its SHA-256. A scope
 * must open an Open API endpoint, and an admin code only its issuer holds may be given (a token
 * is never more than the one who made it).
 */
export async function issueRestToken(
  platform: Platform,
  ctx: SignedInContext,
  body: z.output<typeof zIssueRestToken>,
) {
  const open = scopeEndpoints(platform);
  for (const scope of body.scopes) {
    if (!open.has(scope))
      throw validationError({ scopes: say(ctx.t, 'No Open API endpoint needs {{scope}}', { scope }) });
    if (!(await holds(platform, ctx, scope))) {
      throw validationError({
        scopes: say(ctx.t, 'You do not hold {{scope}}, so you cannot give it', { scope }),
      });
    }
  }
  const token = `${REST_TOKEN_PREFIX}${randomBytes(30).toString('base64url')}`;
  const id = randomUUID();
  const expiresAt = body.expires_in_days ? new Date(Date.now() + body.expires_in_days * 86_400_000) : null;
  await audited(
    platform.db,
    ctx,
    { action: 'rest_token.issue', targetType: 'rest_token', targetId: id },
    async (tx) => {
      if (!(await teamExists(tx, body.team_id))) throw validationError({ team_id: 'No such team' });
      const values = {
        id,
        name: body.name,
        teamId: body.team_id,
        createdBy: ctx.user.id,
        scopes: body.scopes,
        tokenHash: hashRestToken(token),
        tokenPrefix: token.slice(0, REST_TOKEN_PREFIX.length + 6),
        rateLimitPerMinute: body.rate_limit_per_minute,
        expiresAt,
      };
      await insertRestToken(tx, values);
      // The record names the token, never the token itself.
      const { tokenHash: _hash, ...kept } = values;
      return { result: undefined, after: { ...kept, expiresAt: expiresAt?.toISOString() ?? null } };
    },
  );
  const row = await restTokenRow(platform.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return { item: toRestToken(row), token };
}

/** Revokes a token; the gate reads tokens live, so its next call anywhere is refused. */
export async function revokeRestToken(platform: Platform, ctx: SignedInContext, id: string) {
  await audited(
    platform.db,
    ctx,
    { action: 'rest_token.revoke', targetType: 'rest_token', targetId: id },
    async (tx) => {
      const before = await lockRestToken(tx, id);
      if (!before) throw new AppError('NOT_FOUND', { msg: 'No such REST token' });
      if (before.revokedAt) throw new AppError('CONFLICT', { msg: 'This REST token is already revoked' });
      const revokedAt = new Date();
      await markRevoked(tx, id, revokedAt, ctx.user.id);
      return {
        result: undefined,
        before: { name: before.name, revoked_at: null },
        after: { name: before.name, revoked_at: revokedAt.toISOString() },
      };
    },
  );
  const row = await restTokenRow(platform.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return { item: toRestToken(row) };
}
