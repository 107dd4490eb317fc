import type { ErrorBody } from '@app/contract/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { serverErrors } from '../db/schema';
import { AppError } from './app-error';
import type { Db } from './db';
import { describeError, redactUrl, storableText } from './redact';

/** Turns zod issues into `{ field: message }` keyed by the wire name of the field. */
export function fieldsFromZod(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** A request the client got wrong (bad JSON, wrong content type, too large) rather than our bug. */
function clientError(error: FastifyError): AppError | null {
  const status = error.statusCode ?? 500;
  if (status >= 500) return null;
  if (status === 404) return new AppError('NOT_FOUND');
  if (status === 429) return new AppError('RATE_LIMITED');
  if (status === 413) return new AppError('VALIDATION_ERROR', { msg: 'The request is too large', status });
  if (status === 415) return new AppError('VALIDATION_ERROR', { msg: 'Unsupported content type' });
  return new AppError('VALIDATION_ERROR', { msg: 'The request is not valid' });
}

function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return new AppError('VALIDATION_ERROR', { fields: fieldsFromZod(error) });
  if (isResponseSerializationError(error)) return null;
  const fastifyError = error as FastifyError;
  const cause = (fastifyError as { cause?: unknown }).cause;
  if (fastifyError.validation || cause instanceof ZodError) {
    return cause instanceof ZodError
      ? new AppError('VALIDATION_ERROR', { fields: fieldsFromZod(cause) })
      : new AppError('VALIDATION_ERROR');
  }
  if (typeof fastifyError.statusCode === 'number') return clientError(fastifyError);
  return null;
}

/** The envelope of a known error, in the caller's language when the request got that far. */
export function sendAppError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  const t = request.ctx?.t ?? ((msgid: string) => msgid);
  const body: ErrorBody = {
    error_code: error.code,
    msg: t(error.message),
    req_id: request.id,
    ...error.extras,
  };
  if (body.fields) {
    body.fields = Object.fromEntries(Object.entries(body.fields).map(([k, v]) => [k, t(v)]));
  }
  return reply.header('x-request-id', request.id).code(error.status).send(body);
}

/**
 * Keeps an unexpected error under the request id the user is shown. What is stored is made safe
 * first (no query values, no SQL parameters, nothing PostgreSQL refuses), so whatever the request
 * carried, the record is written; if the database itself is what failed, the log line is the record.
 */
async function recordServerError(db: Db, request: FastifyRequest, error: unknown): Promise<void> {
  const safe = describeError(error);
  const url = storableText(redactUrl(request.url), 2000);
  request.log.error({ err: error, reqId: request.id }, 'unhandled error');
  try {
    await db.insert(serverErrors).values({
      reqId: request.id,
      method: storableText(request.method, 16),
      url,
      route: request.routeOptions.url ? storableText(request.routeOptions.url, 2000) : null,
      userId: request.ctx?.user?.id ?? null,
      status: 500,
      message: safe.message,
      stack: safe.stack ?? null,
    });
  } catch (recordError) {
    request.log.error(
      { err: recordError, reqId: request.id, method: request.method, url, error: safe },
      'server error kept in this log only: the database refused it',
    );
  }
}

/**
 * The one error handler: every failure leaves as `{ error_code, msg, req_id }`. Unexpected errors
 * are recorded with their stack under the request id the user is shown, and answered with a safe
 * message.
 */
export function installErrorHandler(app: FastifyInstance, db: Db): void {
  app.setErrorHandler(async (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const known = toAppError(error);
    if (known) return sendAppError(request, reply, known);
    await recordServerError(db, request, error);
    return sendAppError(request, reply, new AppError('SERVER_ERROR'));
  });
}
