import type { IncomingMessage, ServerResponse } from 'node:http';

/** What a handler answers; the server writes it. */
export interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** An HTML page (consent, error pages) instead of JSON. */
  html?: string;
  redirect?: URL;
}

export const json = (status: number, body: unknown, headers?: Record<string, string>): Answer => ({
  status,
  body,
  ...(headers ? { headers } : {}),
});

export function write(res: ServerResponse, answer: Answer): void {
  if (answer.redirect) {
    res.writeHead(302, { location: answer.redirect.toString() }).end();
    return;
  }
  if (answer.html !== undefined) {
    res.writeHead(answer.status, { 'content-type': 'text/html; charset=utf-8' }).end(answer.html);
    return;
  }
  res
    .writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8', ...answer.headers })
    .end(answer.body === undefined ? '' : JSON.stringify(answer.body));
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Google's JSON error (`google.rpc.Status` over REST), the shape every API here answers. */
export function googleError(
  code: number,
  status: string,
  message: string,
  extra: Record<string, unknown> = {},
): Answer {
  return json(code, { error: { code, message, status, ...extra } });
}

export const unauthenticated = () =>
  googleError(
    401,
    'UNAUTHENTICATED',
    'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
  );

export const insufficientScopes = () =>
  googleError(403, 'PERMISSION_DENIED', 'Request had insufficient authentication scopes.', {
    details: [
      {
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason: 'ACCESS_TOKEN_SCOPE_INSUFFICIENT',
        domain: 'googleapis.com',
      },
    ],
  });

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
