import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { AppError } from '../../platform/app-error';
import { isLoopback } from '../../platform/metrics';
import { bearerToken } from '../../platform/request-context';

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * Who may read `/metrics` (METRICS_TOKEN, METRICS_LOOPBACK): the token's bearer, or this machine.
 * "This machine" is the socket's own address, not `request.ip`, and a request carrying a proxy's
 * forwarding header is not one, so a proxy on the same host does not open the figures to the world.
 */
export function assertMayScrape(request: FastifyRequest, config: Config): void {
  const token = bearerToken(request.headers.authorization);
  if (config.METRICS_TOKEN && token) {
    if (sameText(token, config.METRICS_TOKEN)) return;
    throw new AppError('BEARER_TOKEN_ERROR', { msg: 'The metrics token is wrong' });
  }
  const forwarded =
    request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  if (config.METRICS_LOOPBACK && !forwarded && isLoopback(request.socket.remoteAddress)) return;
  if (config.METRICS_TOKEN) {
    throw new AppError('BEARER_TOKEN_ERROR', { msg: 'Send the metrics token as a bearer token' });
  }
  throw new AppError('FORBIDDEN', { msg: 'Metrics are read from this machine only' });
}
