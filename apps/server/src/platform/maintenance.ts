import { randomUUID } from 'node:crypto';
import { getRestoreStatus, type RestoreStatus } from '@app/contract/admin/backups/backups';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import type { Database, Unlisten } from './db';
import type { Platform } from './platform';
import { pickLocale } from './request-context';

/** Where instances tell each other that a restore put the product in maintenance, and when it ends. */
export const MAINTENANCE_CHANNEL = 'app_maintenance';

/** What a client is told to wait before it tries again. */
export const MAINTENANCE_RETRY_SECONDS = 5;

/** Another instance's maintenance is forgotten when it has not been repeated for this long (it died). */
const REMOTE_EXPIRY_MS = 60_000;
const ANNOUNCE_EVERY_MS = 5_000;

const IDLE: RestoreStatus = {
  maintenance: false,
  phase: 'idle',
  backup_id: null,
  started_at: null,
  finished_at: null,
  error: null,
  mismatches: [],
};

/**
 * The maintenance gate of a restore (issue 28 item 8). While it is on, every API call but the
 * restore's status answers 503 `MAINTENANCE` with `_retry_`, before the request pipeline (no
 * session lookup, no translation refresh: the database is being replaced). Before a restore starts
 * it waits for the calls already running here to end (`drain`); event streams are not counted,
 * they end on their own. Other instances hear of it on `app_maintenance` and close their gate too.
 */
export class Maintenance {
  private readonly instanceId = randomUUID();
  private local: RestoreStatus = IDLE;
  private remote: { status: RestoreStatus; until: number } | null = null;
  private inFlight = 0;
  private readonly idleWaiters = new Set<() => void>();
  private unlisten: Unlisten | undefined;
  private announcer: NodeJS.Timeout | undefined;

  constructor(private readonly database: Database) {}

  /** On here, or announced by another instance within the last minute. */
  get active(): boolean {
    if (this.local.maintenance) return true;
    if (this.remote && this.remote.until < Date.now()) this.remote = null;
    return this.remote !== null;
  }

  /** The restore this instance runs (or ran last), else the one another instance announced. */
  status(): RestoreStatus {
    if (!this.local.maintenance && this.active && this.remote) return this.remote.status;
    return this.local;
  }

  /** Closes the gate (the restore's first step) and tells the other instances. */
  begin(status: RestoreStatus): void {
    this.local = { ...status, maintenance: true };
    void this.announce();
    this.announcer ??= setInterval(() => void this.announce(), ANNOUNCE_EVERY_MS);
    this.announcer.unref();
  }

  /** Where the restore is now; announced with the next repeat. */
  update(patch: Partial<RestoreStatus>): void {
    this.local = { ...this.local, ...patch };
  }

  /** Opens the gate again, keeping the outcome for the status call. */
  end(patch: Partial<RestoreStatus>): void {
    clearInterval(this.announcer);
    this.announcer = undefined;
    this.local = { ...this.local, ...patch, maintenance: false };
    void this.announce();
  }

  /** Resolves once no counted call runs here, or after `timeoutMs` (a call that never ends cannot hold a restore). */
  drain(timeoutMs = 30_000): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.idleWaiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.idleWaiters.add(done);
    });
  }

  get running(): number {
    return this.inFlight;
  }

  track(): () => void {
    this.inFlight += 1;
    let finished = false;
    return () => {
      if (finished) return;
      finished = true;
      this.inFlight -= 1;
      if (this.inFlight === 0) for (const waiter of [...this.idleWaiters]) waiter();
    };
  }

  async start(): Promise<void> {
    if (this.unlisten || this.database.kind !== 'postgres') return;
    this.unlisten = await this.database.listen(MAINTENANCE_CHANNEL, (payload) => this.onNotify(payload));
  }

  async close(): Promise<void> {
    clearInterval(this.announcer);
    this.announcer = undefined;
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    await unlisten?.();
  }

  private onNotify(payload: string): void {
    try {
      const message = JSON.parse(payload) as { instance: string; status: RestoreStatus };
      if (message.instance === this.instanceId) return;
      this.remote = message.status.maintenance
        ? { status: message.status, until: Date.now() + REMOTE_EXPIRY_MS }
        : null;
    } catch {
      // Not ours to read: ignored.
    }
  }

  /**
   * Only PostgreSQL has other instances to tell (the embedded database has one process); the
   * notification goes on a pooled connection outside the restore's transaction.
   */
  private async announce(): Promise<void> {
    if (this.database.kind !== 'postgres') return;
    const payload = JSON.stringify({ instance: this.instanceId, status: this.local });
    await this.database.db
      .execute(sql`select pg_notify(${MAINTENANCE_CHANNEL}, ${payload})`)
      .catch(() => undefined);
  }
}

/** Calls the gate lets through in maintenance: the status (answered here, from memory). */
function isStatusCall(request: FastifyRequest): boolean {
  return request.routeOptions.config.endpoint?.id === getRestoreStatus.id;
}

/**
 * Installed before the request pipeline, so in maintenance a call is refused before it reaches
 * the database; outside maintenance it only counts the calls running (for `drain`).
 */
export function installMaintenanceGate(app: FastifyInstance, platform: Platform): void {
  const { maintenance, translator, config } = platform;
  const fallbackLocale = config.REGION === 'cn' ? 'zh_CN' : 'en_US';
  const finishers = new WeakMap<FastifyRequest, () => void>();

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    if (maintenance.active) {
      if (isStatusCall(request)) {
        reply.header('x-request-id', request.id);
        return reply.send({ restore: maintenance.status() });
      }
      const locale = pickLocale(request.cookies ?? {}, request.headers['accept-language'], fallbackLocale);
      throw new AppError('MAINTENANCE', {
        msg: translator.translate(
          locale,
          'The product is being restored from a backup; try again in a moment',
        ),
        _retry_: { waiting_time: MAINTENANCE_RETRY_SECONDS },
      });
    }
    if (request.routeOptions.config.endpoint?.answer?.kind === 'event-stream') return;
    finishers.set(request, maintenance.track());
  });
  const finish = async (request: FastifyRequest) => {
    finishers.get(request)?.();
    finishers.delete(request);
  };
  app.addHook('onResponse', finish);
  app.addHook('onRequestAbort', finish);
  app.addHook('onReady', () => maintenance.start());
  app.addHook('onClose', () => maintenance.close());
}
