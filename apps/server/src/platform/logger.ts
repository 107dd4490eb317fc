import type { FastifyServerOptions } from 'fastify';
import { describeError, redactUrl } from './redact';

type LoggerOption = FastifyServerOptions['logger'];

interface LoggedRequest {
  method?: string;
  url?: string;
  ip?: string;
  id?: string;
}

/**
 * Every log line the server writes goes through these: a request is its method and its URL with
 * query values redacted (reset and invite tokens, OAuth codes, signatures), an error is its safe
 * description (no SQL parameters, no quoted input). Headers are never logged, and the paths
 * below catch them wherever a caller puts them.
 */
const serializers = {
  req: (request: LoggedRequest) => ({
    method: request.method,
    url: redactUrl(request.url ?? ''),
    remoteAddress: request.ip,
  }),
  // Fastify's type wants a stack on every serialized error; ours has none when there were no frames.
  err: (error: unknown) => {
    const safe = describeError(error);
    return { ...safe, stack: safe.stack ?? '' };
  },
};

const redact = {
  paths: [
    'req.headers.authorization',
    'req.headers.cookie',
    'headers.authorization',
    'headers.cookie',
    'res.headers["set-cookie"]',
    '*.password',
    '*.token',
  ],
  censor: '[redacted]',
};

/** The logger Fastify gets: the caller's level and destination, with our serializers and redaction. */
export function withSafeLogging(logger: LoggerOption): LoggerOption {
  if (!logger) return false;
  const base = logger === true ? {} : logger;
  return { ...base, serializers, redact };
}
