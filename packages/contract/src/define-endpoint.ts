import { z } from 'zod';
import type { Permission } from './permission-codes';

/**
 * One endpoint, described once and used three ways: the server registers the route with validation
 * and OpenAPI from it, the web client calls it with types derived from it, and tests call it too.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export const zMsgType = z.enum(['success', 'info', 'warning', 'error']);
export type MsgType = z.infer<typeof zMsgType>;

/** Any answer may carry a message for the client to show (spec section 8). */
const zMsgFields = { msg_type: zMsgType.optional(), msg: z.string().optional() };

type AnyObject = z.ZodObject<z.ZodRawShape>;

export interface EndpointSpec {
  method: HttpMethod;
  /** Path with `{name}` parameters, exactly as the spec writes them. */
  path: `/${string}`;
  permission: Permission;
  summary: string;
  tags?: string[];
  params?: AnyObject;
  query?: AnyObject;
  body?: z.ZodType;
  response: AnyObject;
}

export type Endpoint<S extends EndpointSpec = EndpointSpec> = Omit<S, 'response'> & {
  /** `METHOD /path`, the API's identity in the permission registry. */
  id: `${S['method']} ${S['path']}`;
  response: z.ZodObject<S['response']['shape'] & typeof zMsgFields>;
};

export function defineEndpoint<const S extends EndpointSpec>(spec: S): Endpoint<S> {
  return {
    ...spec,
    id: `${spec.method} ${spec.path}` as Endpoint<S>['id'],
    response: spec.response.extend(zMsgFields) as Endpoint<S>['response'],
  };
}

type InputOf<T> = T extends z.ZodType ? z.input<T> : undefined;

export type EndpointParams<E extends Endpoint> = InputOf<E['params']>;
export type EndpointQuery<E extends Endpoint> = InputOf<E['query']>;
export type EndpointBody<E extends Endpoint> = InputOf<E['body']>;
export type EndpointResponse<E extends Endpoint> = z.output<E['response']>;

/** Fills `{name}` segments; throws when a parameter is missing so a bad call never reaches the wire. */
export function buildPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\??\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
