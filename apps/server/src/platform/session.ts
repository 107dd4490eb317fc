import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { sessions, teamMembers, teams, users } from '../db/schema';
import { approximateBytes, type CacheKey, maskedId, registryOf } from './cache-registry';
import type { ChangeFeed, ChangeKind } from './change-feed';
import type { Db } from './db';
import type { CtxTeam, CtxUser } from './request-context';

export interface ResolvedSession {
  sessionId: string;
  user: CtxUser;
  team: CtxTeam | null;
}

/** better-auth's session lifetime and how often it slides forward (see `auth.ts`). */
export const SESSION_EXPIRES_IN_SECONDS = 60 * 60 * 24 * 30;
export const SESSION_UPDATE_AGE_SECONDS = 60 * 60 * 24;

/**
 * A session's activity (`updated_at`, shown as "last active" on Security and the admin's Users) is
 * written at most this often per session and instance: a request that finds it older writes it,
 * without waiting for the write; the rest cost nothing.
 */
export const SESSION_ACTIVITY_EVERY_MS = 5 * 60 * 1000;

/** better-auth moves a session's expiry forward once it is `updateAge` old; so do we. */
function slideTime(expiresAt: number): number {
  return expiresAt - (SESSION_EXPIRES_IN_SECONDS - SESSION_UPDATE_AGE_SECONDS) * 1000;
}

interface Entry {
  session: ResolvedSession;
  teamId: string | null;
  expiresAt: number;
  /** When the session must slide forward; a hit past this goes to the database instead. */
  slideAt: number;
  /** The activity last written (or read) for the session. */
  activeAt: number;
  cachedAt: number;
}

export interface SessionCacheOptions {
  /** How long an entry is trusted without a word from the database. */
  ttlMs?: number;
  maxEntries?: number;
}

/**
 * Bearer token -> session, user (with their settings) and current team, in one query, then kept in memory keyed by the
 * token's hash. An entry goes the moment the change feed says its user or team changed (sign-out,
 * ban, role, password, team switch or membership: database triggers, so no write path can forget),
 * on every instance; a mutating request here settles the feed before it answers, so its own
 * effects are seen by the next request at once. An idle tab's reconnects then cost no database round trip.
 */
export class SessionResolver {
  private readonly entries = new Map<string, Entry>();
  /**
   * The cache key of a token already verified, by the token as presented: a warm request skips
   * the signature check and the hash (two of the three hashes of every call to basic infos,
   * bench:api). Only tokens that verified are here; a stale one misses and is checked again.
   */
  private readonly keysOf = new Map<string, string>();
  /** Token hashes by user, so a word about one user costs no scan. */
  private readonly byUser = new Map<string, Set<string>>();
  /** Values derived from one user's rows (`userMemo`), dropped with the user's entries. */
  private readonly memos = new Map<string, Map<string, unknown>>();
  /** Values derived from one team's quota rows (`teamMemo`), dropped on `q:<team>`. */
  private readonly teamMemos = new Map<string, Map<string, unknown>>();
  /** Moves on every word about team figures: a load that began before one keeps nothing. */
  private teamGeneration = 0;
  /** Moves on every invalidation: a lookup that began before one does not cache what it read. */
  private generation = 0;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private hits = 0;
  private misses = 0;

  constructor(
    private readonly db: Db,
    private readonly feed: ChangeFeed,
    private readonly secret: string,
    options: SessionCacheOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 30_000;
    this.maxEntries = options.maxEntries ?? 10_000;
    feed.on((kind, id) => this.onChange(kind, id));
    this.joinRegistry();
  }

  /**
   * Listed on the data-cache page as `sessions`: an entry names its user and expiry, never the
   * bearer token nor its hash (its id is a digest of the hash).
   */
  private joinRegistry(): void {
    const keyOf = (hash: string, entry: Entry, now: number): CacheKey => ({
      id: maskedId(hash),
      label: `${entry.session.user.email} · ${entry.session.team?.name ?? '-'}`,
      age_seconds: Math.round((now - entry.cachedAt) / 1000),
      expires_in_seconds: Math.max(0, Math.round((entry.cachedAt + this.ttlMs - now) / 1000)),
      bytes: approximateBytes(entry.session),
    });
    const find = (id: string) => [...this.entries].find(([hash]) => maskedId(hash) === id);
    registryOf(this.feed)?.register({
      name: 'sessions',
      backend: 'memory',
      stats: () => ({
        entries: this.entries.size,
        hits: this.hits,
        misses: this.misses,
        bytes: [...this.entries.values()].reduce((sum, entry) => sum + approximateBytes(entry.session), 0),
        ttl_seconds: Math.round(this.ttlMs / 1000),
      }),
      keys: () => {
        const now = Date.now();
        return [...this.entries].map(([hash, entry]) => keyOf(hash, entry, now));
      },
      inspect: (id) => {
        const found = find(id);
        if (!found) return null;
        const { session, expiresAt, cachedAt } = found[1];
        return {
          user: {
            id: session.user.id,
            email: session.user.email,
            name: session.user.name,
            role: session.user.role,
          },
          team: session.team ? { id: session.team.id, name: session.team.name } : null,
          session_expires_at: Math.floor(expiresAt / 1000),
          cached_at: Math.floor(cachedAt / 1000),
        };
      },
      evict: (id) => {
        const found = find(id);
        if (!found) return false;
        this.entries.delete(found[0]);
        this.byUser.get(found[1].session.user.id)?.delete(found[0]);
        this.generation += 1;
        return true;
      },
      evictAll: () => {
        const had = this.entries.size;
        this.clear();
        this.keysOf.clear();
        return had;
      },
    });
  }

  /** Only an instance that hears of changes may keep anything. */
  private get listening(): boolean {
    return this.feed.listening;
  }

  /** Drops everything kept here (tests, a lost LISTEN connection, a change to many users). */
  clear(): void {
    this.generation += 1;
    this.teamGeneration += 1;
    this.entries.clear();
    this.byUser.clear();
    this.memos.clear();
    this.teamMemos.clear();
  }

  /**
   * A value computed from one user's rows (their unread messages), kept with their session until
   * the change feed says that user changed: a table whose rows feed a memo announces `u:<user id>`
   * on every change (see migration 0008 for the inbox).
   */
  async userMemo<T>(userId: string, slot: string, load: () => Promise<T>): Promise<T> {
    const kept = this.memos.get(userId);
    if (kept?.has(slot)) return kept.get(slot) as T;
    const generation = this.generation;
    const value = await load();
    if (this.listening && generation === this.generation && this.byUser.has(userId)) {
      const slots = this.memos.get(userId) ?? new Map<string, unknown>();
      slots.set(slot, value);
      this.memos.set(userId, slots);
    }
    return value;
  }

  /**
   * A value computed from one team's plan, credits and storage (basic infos' quota), kept until
   * the change feed says those changed (`q:<team id>`, migration 0017): the assistant moves a
   * team's balance often, and each move costs one notification, not a read on every call.
   */
  async teamMemo<T>(teamId: string, slot: string, load: () => Promise<T>): Promise<T> {
    const kept = this.teamMemos.get(teamId);
    if (kept?.has(slot)) return kept.get(slot) as T;
    const generation = this.teamGeneration;
    const value = await load();
    if (this.listening && generation === this.teamGeneration) {
      if (this.teamMemos.size >= this.maxEntries) this.teamMemos.clear();
      const slots = this.teamMemos.get(teamId) ?? new Map<string, unknown>();
      slots.set(slot, value);
      this.teamMemos.set(teamId, slots);
    }
    return value;
  }

  private forgetUser(userId: string): void {
    for (const key of this.byUser.get(userId) ?? []) this.entries.delete(key);
    this.byUser.delete(userId);
    this.memos.delete(userId);
  }

  private remember(key: string, entry: Entry): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.entries().next();
      if (!oldest.done) this.forgetUser(oldest.value[1].session.user.id);
    }
    this.entries.set(key, entry);
    const userId = entry.session.user.id;
    const keys = this.byUser.get(userId) ?? new Set<string>();
    keys.add(key);
    this.byUser.set(userId, keys);
  }

  get size(): number {
    return this.entries.size;
  }

  async resolve(token: string): Promise<ResolvedSession | null> {
    const now = Date.now();
    const known = this.keysOf.get(token);
    if (known !== undefined) {
      const warm = this.entries.get(known);
      if (warm && now < warm.expiresAt && now < warm.slideAt && now - warm.cachedAt < this.ttlMs) {
        this.hits += 1;
        this.noteActivity(warm, now);
        return warm.session;
      }
      this.keysOf.delete(token);
    }
    const raw = this.verifiedToken(token);
    if (!raw) return null;
    const key = createHash('sha256').update(raw).digest('base64url');
    const hit = this.entries.get(key);
    if (hit && now < hit.expiresAt && now < hit.slideAt && now - hit.cachedAt < this.ttlMs) {
      this.hits += 1;
      this.noteActivity(hit, now);
      this.rememberToken(token, key);
      return hit.session;
    }
    if (hit) this.forgetUser(hit.session.user.id);
    this.misses += 1;
    const generation = this.generation;
    const found = await this.load(raw, now);
    if (found) this.noteActivity(found, now);
    // Only a listening instance hears of changes; without that, nothing may be kept.
    if (found && this.listening && generation === this.generation) {
      this.remember(key, { ...found, cachedAt: now });
      this.rememberToken(token, key);
    }
    return found?.session ?? null;
  }

  private rememberToken(token: string, key: string): void {
    // Bounded like the sessions it points at; a cleared map only costs the next calls a hash.
    if (this.keysOf.size >= this.maxEntries * 2) this.keysOf.clear();
    this.keysOf.set(token, key);
  }

  /** Writes the session's activity when the last one written is older than the throttle. */
  private noteActivity(entry: Pick<Entry, 'session' | 'activeAt'>, now: number): void {
    if (now - entry.activeAt < SESSION_ACTIVITY_EVERY_MS) return;
    entry.activeAt = now;
    void this.db
      .update(sessions)
      .set({ updatedAt: new Date(now) })
      .where(eq(sessions.id, entry.session.sessionId))
      .catch(() => {
        // Activity is a courtesy figure: a failed write is tried again by a later request.
        entry.activeAt = 0;
      });
  }

  private onChange(kind: ChangeKind, id: string): void {
    if (kind === 'v') return;
    if (kind === 'q') {
      this.teamGeneration += 1;
      if (id === '*') this.teamMemos.clear();
      else this.teamMemos.delete(id);
      return;
    }
    this.generation += 1;
    if (kind === '*') {
      this.clear();
    } else if (kind === 'u' && id) {
      this.forgetUser(id);
    } else if (kind === 't') {
      for (const entry of [...this.entries.values()]) {
        if (entry.teamId === id) this.forgetUser(entry.session.user.id);
      }
    }
  }

  /**
   * The bearer plugin's two forms: the raw session token, or `token.signature` (HMAC-SHA256 of the
   * token under the app secret, base64url), as better-auth's signed cookie carries it.
   */
  private verifiedToken(token: string): string | null {
    let value = token;
    if (value.includes('%')) {
      try {
        value = decodeURIComponent(value);
      } catch {
        return null;
      }
    }
    const dot = value.indexOf('.');
    if (dot < 0) return value || null;
    const raw = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1).replace(/=+$/, ''), 'base64url');
    const expected = createHmac('sha256', this.secret).update(raw).digest();
    return given.length === expected.length && timingSafeEqual(given, expected) ? raw : null;
  }

  /**
   * One query: the session by token with its user, and the user's current team (the one
   * `users.current_team_id` names while still a membership, else their own personal team, else
   * the oldest membership). A session due to slide is moved forward as better-auth would.
   */
  private async load(token: string, now: number): Promise<Omit<Entry, 'cachedAt'> | null> {
    const team = this.db
      .select({ id: teams.id, name: teams.name, role: teamMembers.role })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(eq(teamMembers.userId, users.id))
      .orderBy(
        desc(sql`(${teams.id} = ${users.currentTeamId}) is true`),
        desc(sql`(${teams.personal} and ${teams.ownerId} = ${users.id})`),
        asc(teamMembers.createdAt),
      )
      .limit(1)
      .as('current_team');
    const [row] = await this.db
      .select({
        sessionId: sessions.id,
        expiresAt: sessions.expiresAt,
        updatedAt: sessions.updatedAt,
        userId: users.id,
        name: users.name,
        email: users.email,
        image: users.image,
        role: users.role,
        createdAt: users.createdAt,
        banned: users.banned,
        settings: {
          locale: users.locale,
          timezone: users.timezone,
          theme: users.theme,
          helpSwitch: users.helpSwitch,
          dateFormat: users.dateFormat,
        },
        teamId: team.id,
        teamName: team.name,
        teamRole: team.role,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoinLateral(team, sql`true`)
      .where(eq(sessions.token, token))
      .limit(1);
    // A ban ends sessions at once; this also covers a session opened a moment before the ban.
    if (!row || row.banned || row.expiresAt.getTime() <= now) return null;
    let expiresAt = row.expiresAt.getTime();
    let activeAt = row.updatedAt.getTime();
    if (slideTime(expiresAt) <= now) {
      activeAt = now;
      expiresAt = now + SESSION_EXPIRES_IN_SECONDS * 1000;
      await this.db
        .update(sessions)
        .set({ expiresAt: new Date(expiresAt), updatedAt: new Date(now) })
        .where(eq(sessions.id, row.sessionId));
    }
    return {
      session: {
        sessionId: row.sessionId,
        user: {
          id: row.userId,
          name: row.name,
          email: row.email,
          image: row.image ?? null,
          role: row.role,
          createdAt: row.createdAt,
          settings: row.settings,
        },
        team:
          row.teamId && row.teamName && row.teamRole
            ? { id: row.teamId, name: row.teamName, role: row.teamRole }
            : null,
      },
      teamId: row.teamId ?? null,
      expiresAt,
      slideAt: slideTime(expiresAt),
      activeAt,
    };
  }
}
