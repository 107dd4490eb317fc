import { isIP } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  Counter,
  type CounterConfiguration,
  collectDefaultMetrics,
  Gauge,
  type GaugeConfiguration,
  Histogram,
  type HistogramConfiguration,
  Registry,
} from 'prom-client';

/** Seconds; from a cached answer (a few ms) to a slow export (tens of seconds). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The `route` label of a request the router did not place: one value, never the raw URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * This instance's Prometheus metrics (`GET /metrics`): one registry per app (tests build many in
 * one process, so prom-client's global registry is not used). The platform's own figures are
 * here; a module adds its own with `gauge`/`histogram`, computed at scrape time where they come
 * from the database, with labels from bounded sets only (a route pattern, a status, a queue name,
 * a capped list of teams), never from what a caller sends.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Histogram<'method' | 'route' | 'status'>;
  private readonly streams: Gauge<'route'>;

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'app_' });
    this.requests = this.histogram({
      name: 'app_http_request_duration_seconds',
      help: 'Time from request to response, by route pattern, method and status (event streams excluded)',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
    });
    this.streams = this.gauge({
      name: 'app_event_streams_open',
      help: 'Event streams (text/event-stream answers) open on this instance, by route',
      labelNames: ['route'],
    });
  }

  /** A gauge, made once per name (a module registered again reuses it). */
  gauge<T extends string>(config: GaugeConfiguration<T>): Gauge<T> {
    const known = this.registry.getSingleMetric(config.name);
    return (known as Gauge<T> | undefined) ?? new Gauge({ ...config, registers: [this.registry] });
  }

  counter<T extends string>(config: CounterConfiguration<T>): Counter<T> {
    const known = this.registry.getSingleMetric(config.name);
    return (known as Counter<T> | undefined) ?? new Counter({ ...config, registers: [this.registry] });
  }

  histogram<T extends string>(config: HistogramConfiguration<T>): Histogram<T> {
    const known = this.registry.getSingleMetric(config.name);
    return (known as Histogram<T> | undefined) ?? new Histogram({ ...config, registers: [this.registry] });
  }

  /** The exposition text and its content type. */
  async scrape(): Promise<{ body: string; type: string }> {
    return { body: await this.registry.metrics(), type: this.registry.contentType };
  }

  /**
   * The pipeline's onRequest: an event stream counts as open until its connection closes (its
   * "latency" is how long it stayed open, so it stays out of the latency histogram).
   */
  readonly onRequest = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const endpoint = request.routeOptions.config?.endpoint;
    if (endpoint?.answer?.kind !== 'event-stream') return;
    const open = this.streams.labels(endpoint.path);
    open.inc();
    let done = false;
    const closed = () => {
      if (done) return;
      done = true;
      open.dec();
    };
    reply.raw.once('close', closed);
    reply.raw.once('finish', closed);
  };

  /** The pipeline's onResponse: one observation per answered request. */
  readonly onResponse = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const endpoint = request.routeOptions.config?.endpoint;
    if (endpoint?.answer?.kind === 'event-stream') return;
    // The route pattern (`/api/chat/:chat_id`), whatever the URL held; unplaced requests share one.
    const route = endpoint?.path ?? request.routeOptions.url ?? UNMATCHED_ROUTE;
    this.requests.labels(request.method, route, String(reply.statusCode)).observe(reply.elapsedTime / 1000);
  };
}

/** Whether an address is this machine's own (127.0.0.0/8, ::1, and IPv4 mapped into IPv6). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  return bare === '::1';
}
