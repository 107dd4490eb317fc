import type { Socket } from 'node:net';
import type { ErrorBody } from '@app/contract/errors';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { AppError } from './app-error';
import { sendAppError } from './error-handler';
import { newRequestId } from './pipeline';

/**
 * Requests refused before any route or hook sees them: an address the router cannot decode
 * (`%FF%FE`), a path parameter past the router's length limit, and bytes that are not HTTP at all
 * (a body sent without a length, header overflow, a client too slow). Fastify answers these with
 * its own bodies, which echo the URL; here they get the product's envelope like every other
 * error, and never echo the request.
 */

/** Fastify's `frameworkErrors`: the router could not place the request. */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) => {
  const refusal =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new AppError('VALIDATION_ERROR', { msg: 'The address is too long', status: 414 })
      : error.code === 'FST_ERR_BAD_URL'
        ? new AppError('VALIDATION_ERROR', { msg: 'The address is not valid' })
        : new AppError('SERVER_ERROR');
  if (refusal.code === 'SERVER_ERROR') request.log.error({ err: error }, 'router failure');
  sendAppError(request, reply, refusal);
};

const SOCKET_REFUSALS: Record<string, { status: 408 | 431 | 400; msg: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, msg: 'The request took too long to arrive' },
  HPE_HEADER_OVERFLOW: { status: 431, msg: 'The request headers are too large' },
};

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser gave up on the bytes, so there is no request
 * to hand to Fastify; the answer is written to the socket directly and the connection closed.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const refusal = SOCKET_REFUSALS[error.code ?? ''] ?? { status: 400, msg: 'The request is not valid HTTP' };
  const reqId = newRequestId();
  const body: ErrorBody = { error_code: 'VALIDATION_ERROR', msg: refusal.msg, req_id: reqId };
  const text = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${refusal.status} ${STATUS_TEXT[refusal.status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\n` +
        `x-request-id: ${reqId}\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(error);
}
