import { operationRecords } from '../db/schema';
import { AppError } from './app-error';
import type { Db, Tx } from './db';
import type { RequestContext } from './request-context';

export interface AuditTarget {
  action: string;
  targetType: string;
  targetId: string | null;
}

export interface AuditedChange<T> {
  result: T;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

function recordFor(ctx: RequestContext, target: AuditTarget) {
  return {
    actorId: ctx.user?.id ?? null,
    actorEmail: ctx.user?.email ?? null,
    action: target.action,
    targetType: target.targetType,
    targetId: target.targetId,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  };
}

/**
 * Records an action that changes nothing in our database inside a transaction (a mail sent, a
 * token issued by the auth library); the action runs first, then this.
 */
export async function recordOperation(
  db: Db,
  ctx: RequestContext,
  target: AuditTarget,
  outcome: { after?: Record<string, unknown> | null; error?: string },
): Promise<void> {
  await db.insert(operationRecords).values({
    ...recordFor(ctx, target),
    after: outcome.after ?? null,
    result: outcome.error ? 'failure' : 'success',
    error: outcome.error ?? null,
  });
  if (ctx.audit) ctx.audit.recorded = true;
}

/**
 * Runs an admin mutation and writes its operation record in the same transaction, so a change
 * never exists without its record. A refused or failed change is recorded too, after the rollback.
 */
export async function audited<T>(
  db: Db,
  ctx: RequestContext,
  target: AuditTarget,
  change: (tx: Tx) => Promise<AuditedChange<T>>,
): Promise<T> {
  try {
    const done = await db.transaction(async (tx) => {
      const { result, before = null, after = null } = await change(tx);
      await tx
        .insert(operationRecords)
        .values({ ...recordFor(ctx, target), before, after, result: 'success' });
      return result;
    });
    if (ctx.audit) ctx.audit.recorded = true;
    return done;
  } catch (error) {
    const message = error instanceof AppError ? `${error.code}: ${error.message}` : 'SERVER_ERROR';
    await db
      .insert(operationRecords)
      .values({ ...recordFor(ctx, target), result: 'failure', error: message })
      .catch(() => undefined);
    throw error;
  }
}
