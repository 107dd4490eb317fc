import { z } from 'zod';
import type { Permission, TeamScope } from './permission-codes';

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

/**
 * An answer that is not one JSON object: an event stream (`text/event-stream`) whose frames carry
 * `message` as their data, or bytes (a file) of one of `types`. Such endpoints are registered,
 * documented, permission-checked and swept like every other; their `response` is the empty
 * object, since no JSON body is sent.
 */
export type RawAnswer =
  | {
      kind: 'event-stream';
      message: AnyObject;
      /** The frame that ends the stream, as sent (`END` by default; the AI SDK's is `[DONE]`). */
      end?: string;
    }
  | { kind: 'bytes'; types: readonly string[] };

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
  answer?: RawAnswer;
  /**
   * A POST that changes nothing (a preview, a count): the server does not expect an operation
   * record from it even on an admin permission.
   */
  readOnly?: true;
  /**
   * Part of the Open API: besides a signed-in session, a REST token sent with
   * `x-client-key: open-api` may call it, held to the token's scopes and team. `true` on an
   * endpoint that asks for a permission code (the token needs that code, and its creator must
   * still hold it); `{ scope }` on one open to any signed-in user (the token needs that team
   * scope, and reads its own team's data). `/doc/open/apis` documents these endpoints only; calls
   * to any other endpoint with a token are refused.
   */
  openApi?: true | { scope: TeamScope };
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
