import type { ErrorBody } from '@app/contract/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { serverErrors } from '../db/schema';
import { AppError, defaultMessages } from './app-error';
import type { Db } from './db';

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
  const messages: Record<number, string> = {
    413: 'The request is too large',
    415: 'Unsupported content type',
  };
  return new AppError('VALIDATION_ERROR', { msg: messages[status] ?? 'The request is not valid' });
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

/**
 * The one error handler: every failure leaves as `{ error_code, msg, req_id }`. Unexpected errors
 * are recorded with their stack under the request id the user is shown, and answered with a safe
 * message.
 */
export function installErrorHandler(app: FastifyInstance, db: Db): void {
  app.setErrorHandler(async (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const t = request.ctx?.t ?? ((msgid: string) => msgid);
    const known = toAppError(error);
    if (known) {
      const body: ErrorBody = {
        error_code: known.code,
        msg: t(known.message),
        req_id: request.id,
        ...known.extras,
      };
      if (body.fields) {
        body.fields = Object.fromEntries(Object.entries(body.fields).map(([k, v]) => [k, t(v)]));
      }
      return reply.code(known.status).send(body);
    }
    const err = error instanceof Error ? error : new Error(String(error));
    request.log.error({ err, reqId: request.id }, 'unhandled error');
    try {
      await db.insert(serverErrors).values({
        reqId: request.id,
        method: request.method,
        url: request.url.slice(0, 2000),
        route: request.routeOptions.url ?? null,
        userId: request.ctx?.user?.id ?? null,
        status: 500,
        message: err.message.slice(0, 2000),
        stack: err.stack?.slice(0, 20_000) ?? null,
      });
    } catch (recordError) {
      request.log.error({ err: recordError }, 'could not record server error');
    }
    const body: ErrorBody = {
      error_code: 'SERVER_ERROR',
      msg: t(defaultMessages.SERVER_ERROR),
      req_id: request.id,
    };
    return reply.code(500).send(body);
  });
}
