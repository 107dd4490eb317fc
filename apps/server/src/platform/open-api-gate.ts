import { createHash } from 'node:crypto';
import { REST_TOKEN_PREFIX } from '@app/contract/admin/open-api/rest-tokens';
import { OPEN_API_CLIENT_KEY } from '@app/contract/core/api-docs';
import type { Endpoint } from '@app/contract/define-endpoint';
import type { ErrorCode } from '@app/contract/errors';
import { isPermissionCode, type TokenScope } from '@app/contract/permission-codes';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { openApiRequests, restTokens, teams, users } from '../db/schema';
import type { AccessControl } from './access';
import type { Db } from './db';
import type { CtxTeam, CtxUser } from './request-context';

/** The REST token a call presented, once it is known to be live. */
export interface TokenCaller {
  id: string;
  name: string;
  teamId: string;
  scopes: ReadonlySet<string>;
  rateLimitPerMinute: number;
}

export interface ResolvedToken {
  token: TokenCaller;
  /** The token's creator: a token acts as them, so a grant they lose is lost to it too. */
  user: CtxUser;
  /** The token's team, whose data it reads; a token is no owner or admin of it. */
  team: CtxTeam;
}

/** What the request log keeps of one call. */
export type OpenApiRequestRow = typeof openApiRequests.$inferInsert;

/** `last_used_at` is written at most this often per token and instance. */
const LAST_USED_EVERY_MS = 60_000;
/** Request-log rows are written together: at most this long after the call, or this many at once. */
const LOG_FLUSH_MS = 1000;
const LOG_BATCH = 200;

export function hashRestToken(raw: string): string {
  return createHash('sha256').update(raw).digest('hex');
}

/** The scope an Open API endpoint asks a token for; null when no token may call it. */
export function tokenScopeOf(endpoint: Pick<Endpoint, 'openApi' | 'permission'>): TokenScope | null {
  if (!endpoint.openApi) return null;
  if (endpoint.openApi === true) return isPermissionCode(endpoint.permission) ? endpoint.permission : null;
  return endpoint.openApi.scope;
}

/**
 * The Open API's door (issue 28 item 5): a call with `x-client-key: open-api` and a REST token as
 * its bearer is let in as the token's creator, in the token's team, only to the endpoints marked
 * `openApi` whose scope the token holds (and, for an admin code, its creator still holds); every
 * such call, let in or refused, is written to the request log.
 */
export class OpenApiGate {
  private readonly lastUsed = new Map<string, number>();
  private pending: OpenApiRequestRow[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
  ) {}

  /** Whether the request means to be an Open API call (its client key says so, or its bearer is a REST token). */
  isTokenCall(clientKey: string | string[] | undefined, bearer: string | null): boolean {
    return clientKey === OPEN_API_CLIENT_KEY || Boolean(bearer?.startsWith(REST_TOKEN_PREFIX));
  }

  /**
   * The live token (not revoked, not expired, its creator not banned) with its creator and team,
   * in one query, so a revoke or a ban holds from the next call on every instance.
   */
  async resolve(raw: string, now = new Date()): Promise<ResolvedToken | null> {
    if (!raw.startsWith(REST_TOKEN_PREFIX) || raw.length > 200) return null;
    const [row] = await this.db
      .select({
        id: restTokens.id,
        name: restTokens.name,
        scopes: restTokens.scopes,
        rateLimitPerMinute: restTokens.rateLimitPerMinute,
        teamId: teams.id,
        teamName: teams.name,
        user: {
          id: users.id,
          name: users.name,
          email: users.email,
          image: users.image,
          role: users.role,
          createdAt: users.createdAt,
          locale: users.locale,
          timezone: users.timezone,
          theme: users.theme,
          helpSwitch: users.helpSwitch,
          dateFormat: users.dateFormat,
        },
      })
      .from(restTokens)
      .innerJoin(users, eq(users.id, restTokens.createdBy))
      .innerJoin(teams, eq(teams.id, restTokens.teamId))
      .where(
        and(
          eq(restTokens.tokenHash, hashRestToken(raw)),
          isNull(restTokens.revokedAt),
          or(isNull(restTokens.expiresAt), gt(restTokens.expiresAt, now)),
          eq(users.banned, false),
        ),
      )
      .limit(1);
    if (!row) return null;
    this.noteUse(row.id, now.getTime());
    const { user } = row;
    return {
      token: {
        id: row.id,
        name: row.name,
        teamId: row.teamId,
        scopes: new Set(row.scopes),
        rateLimitPerMinute: row.rateLimitPerMinute,
      },
      user: {
        id: user.id,
        name: user.name,
        email: user.email,
        image: user.image ?? null,
        role: user.role,
        createdAt: user.createdAt,
        settings: {
          locale: user.locale,
          timezone: user.timezone,
          theme: user.theme,
          helpSwitch: user.helpSwitch,
          dateFormat: user.dateFormat,
        },
      },
      team: { id: row.teamId, name: row.teamName, role: 'member' },
    };
  }

  /** Whether the token may call the endpoint: it is in the Open API, in the token's scopes, and still its creator's to call. */
  async decide(endpoint: Endpoint, caller: ResolvedToken): Promise<'OK' | ErrorCode> {
    const scope = tokenScopeOf(endpoint);
    if (!scope || !caller.token.scopes.has(scope)) return 'FORBIDDEN';
    if (isPermissionCode(endpoint.permission)) {
      const code = await this.access.decide(endpoint.permission, caller.user);
      return code === 'OK' ? 'OK' : 'FORBIDDEN';
    }
    return 'OK';
  }

  private noteUse(id: string, now: number): void {
    if (now - (this.lastUsed.get(id) ?? 0) < LAST_USED_EVERY_MS) return;
    this.lastUsed.set(id, now);
    void this.db
      .update(restTokens)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(restTokens.id, id))
      .catch(() => this.lastUsed.delete(id));
  }

  /** Queues one call's row; rows are written together shortly after. */
  log(row: OpenApiRequestRow): void {
    this.pending.push(row);
    if (this.pending.length >= LOG_BATCH) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), LOG_FLUSH_MS);
  }

  /** Writes every queued row (tests and shutdown wait for it). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const rows = this.pending;
    this.pending = [];
    this.flushing = this.flushing.then(async () => {
      if (!rows.length) return;
      await this.db
        .insert(openApiRequests)
        .values(rows)
        .catch(() => {
          // A lost log row must not fail calls already answered; the next flush tries its own rows.
        });
    });
    return this.flushing;
  }
}
