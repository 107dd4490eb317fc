import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Google's and WeChat's OAuth endpoints, so social sign-in is tested over
 * real HTTP without the internet. It checks what the real ones check (client id and secret,
 * registered redirect URIs, single-use expiring codes, PKCE, scopes) and answers errors in each
 * provider's own shape. A test says who "consents" on the provider page; the authorize endpoints
 * then redirect back with a code, as the providers do after the user clicks Allow (or scans).
 */

export interface GooglePerson {
  sub: string;
  email: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
}

export interface WechatPerson {
  /** Stable per person; the openid under each app is derived from it, as WeChat's differ per app. */
  key: string;
  /** Present when the apps share an Open Platform account. */
  unionid?: string;
  nickname: string;
  headimgurl?: string;
}

interface GoogleClientReg {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

interface WechatAppReg {
  appId: string;
  secret: string;
  /** WeChat checks the callback's host against the app's authorised domain. */
  redirectHost: string;
}

interface GoogleCode {
  clientId: string;
  redirectUri: string;
  person: GooglePerson;
  challenge: string | null;
  used: boolean;
  expiresAt: number;
}

interface WechatCode {
  appId: string;
  person: WechatPerson;
  scope: string;
  used: boolean;
  expiresAt: number;
}

const CODE_SECONDS = 300;

export function wechatOpenid(appId: string, person: WechatPerson): string {
  return `o${createHash('sha256').update(`${appId}:${person.key}`).digest('hex').slice(0, 27)}`;
}

export class OAuthStandIn {
  private server: Server | null = null;
  url = '';
  private googleClients = new Map<string, GoogleClientReg>();
  private googleCodes = new Map<string, GoogleCode>();
  private googleTokens = new Map<string, GooglePerson>();
  private googleConsent: GooglePerson | 'deny' | null = null;
  private wechatApps = new Map<string, WechatAppReg>();
  private wechatCodes = new Map<string, WechatCode>();
  private wechatTokens = new Map<string, { appId: string; person: WechatPerson; scope: string }>();
  private wechatConsent: WechatPerson | null = null;
  /** Every request received, `METHOD path`, for tests that assert what was (not) called. */
  readonly seen: string[] = [];

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The server configuration pointing every provider URL here. */
  env(): Record<string, string> {
    return {
      GOOGLE_AUTH_URL: `${this.url}/google/o/oauth2/v2/auth`,
      GOOGLE_TOKEN_URL: `${this.url}/google/token`,
      GOOGLE_USERINFO_URL: `${this.url}/google/v1/userinfo`,
      WECHAT_OPEN_AUTH_URL: `${this.url}/wechat/connect/qrconnect`,
      WECHAT_OFFI_AUTH_URL: `${this.url}/wechat/connect/oauth2/authorize`,
      WECHAT_API_BASE_URL: `${this.url}/wechat`,
    };
  }

  registerGoogleClient(client: GoogleClientReg): void {
    this.googleClients.set(client.clientId, client);
  }

  registerWechatApp(app: WechatAppReg): void {
    this.wechatApps.set(app.appId, app);
  }

  /** Who clicks Allow on the next Google consent page (or `deny`). */
  consentGoogle(person: GooglePerson | 'deny'): void {
    this.googleConsent = person;
  }

  /** Who scans the QR code or allows the official-account page next. */
  consentWechat(person: WechatPerson): void {
    this.wechatConsent = person;
  }

  /**
   * Opens a provider page URL as the browser would and answers where it redirected: the query of
   * the callback (`code`, `state`, or `error`), or the error page's status and text.
   */
  async visit(
    pageUrl: string,
  ): Promise<
    | { redirected: true; location: URL; code: string | null; state: string | null; error: string | null }
    | { redirected: false; status: number; text: string }
  > {
    const response = await fetch(pageUrl, { redirect: 'manual' });
    const location = response.headers.get('location');
    if (response.status !== 302 || !location) {
      return { redirected: false, status: response.status, text: await response.text() };
    }
    const target = new URL(location);
    return {
      redirected: true,
      location: target,
      code: target.searchParams.get('code'),
      state: target.searchParams.get('state'),
      error: target.searchParams.get('error'),
    };
  }

  /** Issues a WeChat code directly (what a scan does), for tests that skip the provider page. */
  issueWechatCode(appId: string, person: WechatPerson, scope = 'snsapi_login'): string {
    const code = randomBytes(16).toString('hex');
    this.wechatCodes.set(code, {
      appId,
      person,
      scope,
      used: false,
      expiresAt: Date.now() + CODE_SECONDS * 1000,
    });
    return code;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<ServerResponse> {
    const url = new URL(req.url ?? '/', this.url);
    this.seen.push(`${req.method} ${url.pathname}`);
    const route = `${req.method} ${url.pathname}`;
    if (route === 'GET /google/o/oauth2/v2/auth') return this.googleAuthorize(url, res);
    if (route === 'POST /google/token') return this.googleToken(await readForm(req), res);
    if (route === 'GET /google/v1/userinfo') return this.googleUserinfo(req, res);
    if (route === 'GET /wechat/connect/qrconnect') return this.wechatAuthorize(url, res, ['snsapi_login']);
    if (route === 'GET /wechat/connect/oauth2/authorize')
      return this.wechatAuthorize(url, res, ['snsapi_base', 'snsapi_userinfo']);
    if (route === 'GET /wechat/sns/oauth2/access_token') return this.wechatAccessToken(url, res);
    if (route === 'GET /wechat/sns/userinfo') return this.wechatUserinfo(url, res);
    return res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  }

  // --- Google -------------------------------------------------------------------------------

  private googleAuthorize(url: URL, res: ServerResponse): ServerResponse {
    const q = url.searchParams;
    const client = this.googleClients.get(q.get('client_id') ?? '');
    // Google shows an error page (no redirect) for an unknown client or an unregistered URI.
    if (!client) return page(res, 401, 'Error 401: invalid_client. The OAuth client was not found.');
    const redirectUri = q.get('redirect_uri') ?? '';
    if (!client.redirectUris.includes(redirectUri)) return page(res, 400, 'Error 400: redirect_uri_mismatch');
    if (q.get('response_type') !== 'code') return page(res, 400, 'Error 400: unsupported_response_type');
    const scopes = (q.get('scope') ?? '').split(' ');
    if (!scopes.includes('openid') || !scopes.includes('email'))
      return page(res, 400, 'Error 400: invalid_scope');
    const challenge = q.get('code_challenge');
    if (challenge && q.get('code_challenge_method') !== 'S256')
      return page(res, 400, 'Error 400: invalid_request');

    const back = new URL(redirectUri);
    const state = q.get('state');
    if (state !== null) back.searchParams.set('state', state);
    const person = this.googleConsent;
    if (!person) return page(res, 403, 'Nobody is signed in to the stand-in Google');
    if (person === 'deny') {
      back.searchParams.set('error', 'access_denied');
      return redirect(res, back);
    }
    const code = `4/${randomBytes(16).toString('base64url')}`;
    this.googleCodes.set(code, {
      clientId: client.clientId,
      redirectUri,
      person,
      challenge,
      used: false,
      expiresAt: Date.now() + CODE_SECONDS * 1000,
    });
    back.searchParams.set('code', code);
    return redirect(res, back);
  }

  private googleToken(form: URLSearchParams, res: ServerResponse): ServerResponse {
    const fail = (status: number, error: string, description: string) =>
      json(res, status, { error, error_description: description });
    const client = this.googleClients.get(form.get('client_id') ?? '');
    if (!client || client.clientSecret !== form.get('client_secret')) {
      return fail(401, 'invalid_client', 'The OAuth client was not found.');
    }
    if (form.get('grant_type') !== 'authorization_code') {
      return fail(400, 'unsupported_grant_type', 'Invalid grant_type');
    }
    const code = this.googleCodes.get(form.get('code') ?? '');
    if (!code || code.expiresAt < Date.now()) return fail(400, 'invalid_grant', 'Malformed auth code.');
    if (code.used) return fail(400, 'invalid_grant', 'Code was already redeemed.');
    code.used = true;
    if (code.clientId !== client.clientId)
      return fail(400, 'invalid_grant', 'The code was issued to another client.');
    if (code.redirectUri !== form.get('redirect_uri'))
      return fail(400, 'redirect_uri_mismatch', 'Bad Request');
    if (code.challenge) {
      const verifier = form.get('code_verifier') ?? '';
      const computed = createHash('sha256').update(verifier).digest('base64url');
      if (computed !== code.challenge) return fail(400, 'invalid_grant', 'Invalid code verifier.');
    }
    const accessToken = `ya29.${randomBytes(24).toString('base64url')}`;
    this.googleTokens.set(accessToken, code.person);
    return json(res, 200, {
      access_token: accessToken,
      expires_in: 3599,
      token_type: 'Bearer',
      scope:
        'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile',
      id_token: 'stand-in.id.token',
    });
  }

  private googleUserinfo(req: IncomingMessage, res: ServerResponse): ServerResponse {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const person = token ? this.googleTokens.get(token) : undefined;
    if (!person)
      return json(res, 401, { error: 'invalid_request', error_description: 'Invalid Credentials' });
    return json(res, 200, {
      sub: person.sub,
      email: person.email,
      email_verified: person.email_verified ?? true,
      name: person.name,
      picture: person.picture ?? 'https://lh3.googleusercontent.com/a/stand-in',
    });
  }

  // --- WeChat -------------------------------------------------------------------------------

  private wechatAuthorize(url: URL, res: ServerResponse, scopes: string[]): ServerResponse {
    const q = url.searchParams;
    const app = this.wechatApps.get(q.get('appid') ?? '');
    if (!app) return page(res, 400, '参数错误 (invalid appid)');
    let redirectUri: URL;
    try {
      redirectUri = new URL(q.get('redirect_uri') ?? '');
    } catch {
      return page(res, 400, 'redirect_uri 参数错误');
    }
    if (redirectUri.host !== app.redirectHost) return page(res, 400, 'redirect_uri 参数错误');
    const scope = q.get('scope') ?? '';
    if (!scopes.includes(scope)) return page(res, 400, 'Scope 参数错误或没有 Scope 权限');
    const person = this.wechatConsent;
    if (!person) return page(res, 403, 'Nobody scanned the stand-in QR code');
    const code = this.issueWechatCode(app.appId, person, scope);
    redirectUri.searchParams.set('code', code);
    redirectUri.searchParams.set('state', q.get('state') ?? '');
    return redirect(res, redirectUri);
  }

  private wechatAccessToken(url: URL, res: ServerResponse): ServerResponse {
    const q = url.searchParams;
    const fail = (errcode: number, errmsg: string) => json(res, 200, { errcode, errmsg });
    const app = this.wechatApps.get(q.get('appid') ?? '');
    if (!app) return fail(40013, 'invalid appid');
    if (app.secret !== q.get('secret')) return fail(40125, 'invalid appsecret');
    if (q.get('grant_type') !== 'authorization_code') return fail(40002, 'invalid grant_type');
    const code = this.wechatCodes.get(q.get('code') ?? '');
    if (!code || code.appId !== app.appId || code.expiresAt < Date.now()) return fail(40029, 'invalid code');
    if (code.used) return fail(40163, 'code been used');
    code.used = true;
    const accessToken = randomBytes(24).toString('hex');
    this.wechatTokens.set(accessToken, { appId: app.appId, person: code.person, scope: code.scope });
    const withUnion = code.scope !== 'snsapi_base' && code.person.unionid;
    return json(res, 200, {
      access_token: accessToken,
      expires_in: 7200,
      refresh_token: randomBytes(24).toString('hex'),
      openid: wechatOpenid(app.appId, code.person),
      scope: code.scope,
      ...(withUnion ? { unionid: code.person.unionid } : {}),
    });
  }

  private wechatUserinfo(url: URL, res: ServerResponse): ServerResponse {
    const q = url.searchParams;
    const fail = (errcode: number, errmsg: string) => json(res, 200, { errcode, errmsg });
    const token = this.wechatTokens.get(q.get('access_token') ?? '');
    if (!token) return fail(40001, 'invalid credential, access_token is invalid or not latest');
    if (token.scope === 'snsapi_base') return fail(48001, 'api unauthorized');
    const openid = wechatOpenid(token.appId, token.person);
    if (q.get('openid') !== openid) return fail(40003, 'invalid openid');
    return json(res, 200, {
      openid,
      nickname: token.person.nickname,
      sex: 0,
      province: '',
      city: '',
      country: '',
      headimgurl: token.person.headimgurl ?? 'https://thirdwx.qlogo.cn/stand-in/132',
      privilege: [],
      ...(token.person.unionid ? { unionid: token.person.unionid } : {}),
    });
  }
}

export async function startOAuthStandIn(): Promise<OAuthStandIn> {
  return new OAuthStandIn().start();
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function json(res: ServerResponse, status: number, body: unknown): ServerResponse {
  return res
    .writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
    .end(JSON.stringify(body));
}

function page(res: ServerResponse, status: number, text: string): ServerResponse {
  return res
    .writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
    .end(`<html><body>${text}</body></html>`);
}

function redirect(res: ServerResponse, to: URL): ServerResponse {
  return res.writeHead(302, { location: to.toString() }).end();
}
