import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDays, type Day } from '@app/contract/analytics/date-ranges';
import {
  accountSummaries,
  adsFailure,
  listAccessibleCustomers,
  runReport,
  searchAnalytics,
  searchStream,
  sites,
} from './apis';
import { StandInData } from './data';
import {
  type Answer,
  escapeHtml,
  googleError,
  insufficientScopes,
  json,
  readBody,
  unauthenticated,
  write,
} from './http';
import { defaultWorld, type World } from './world';

/**
 * A local stand-in for Google, kept in the repository so the connectors are tested (and demoed)
 * over real HTTP without the internet: OAuth 2 (authorize with a consent page or a test's
 * consent, token with PKCE, refresh, revoke, userinfo) and the data APIs the connectors call, in
 * their real request and response shapes. It checks what Google checks (client and secret,
 * registered redirect URIs, single-use expiring codes, PKCE, scopes, token expiry and revocation,
 * the Ads developer token and login-customer-id) and answers errors in Google's shapes. Tests
 * inject quota errors (429 RESOURCE_EXHAUSTED) and auth errors (401 UNAUTHENTICATED) per API.
 *
 * Run by hand: `npm run google:stand-in` (see main.ts).
 */

export interface GooglePerson {
  sub: string;
  email: string;
  name: string;
}

/** The APIs a failure can be injected into (and that `calls` counts). */
export type StandInApi =
  | 'token'
  | 'refresh'
  | 'revoke'
  | 'userinfo'
  | 'accountSummaries'
  | 'runReport'
  | 'sites'
  | 'searchAnalytics'
  | 'listAccessibleCustomers'
  | 'searchStream';

export type InjectedFailure = 'quota' | 'auth' | 'unavailable';

interface Injection {
  api: StandInApi;
  kind: InjectedFailure;
  /** Calls that still succeed before the failures start. */
  after: number;
  /** Failing calls still to come. */
  times: number;
}

interface ClientReg {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

interface Code {
  clientId: string;
  redirectUri: string;
  person: GooglePerson;
  scopes: string[];
  offline: boolean;
  challenge: string | null;
  used: boolean;
  expiresAt: number;
}

/** Google keeps one grant per user and client; revoking any of its tokens ends all of them. */
interface Grant {
  person: GooglePerson;
  clientId: string;
  scopes: Set<string>;
  revoked: boolean;
}

type WorldRun = (world: World) => Answer | Promise<Answer>;

const CODE_SECONDS = 300;
const ACCESS_SECONDS = 3599;
const SCOPE = {
  ga: 'https://www.googleapis.com/auth/analytics.readonly',
  gsc: 'https://www.googleapis.com/auth/webmasters.readonly',
  ads: 'https://www.googleapis.com/auth/adwords',
};
const KNOWN_SCOPES = new Set([
  'openid',
  'email',
  'profile',
  SCOPE.ga,
  SCOPE.gsc,
  SCOPE.ads,
  'https://www.googleapis.com/auth/userinfo.email',
  'https://www.googleapis.com/auth/userinfo.profile',
]);

export interface StandInOptions {
  /** The last day with data (default yesterday, UTC). */
  end?: Day;
  /** Days of data the demo property, site and customer hold, ending `end` (default 90). */
  days?: number;
  port?: number;
  host?: string;
}

export class GoogleStandIn {
  private server: Server | null = null;
  url = '';
  data!: StandInData;
  world: World = defaultWorld();
  /** Who clicks Allow on the next consent page; null shows the page (demo by hand). */
  consent: GooglePerson | 'deny' | null = null;
  readonly people = new Map<string, GooglePerson>();
  private clients = new Map<string, ClientReg>();
  private developerTokens = new Set<string>();
  private codes = new Map<string, Code>();
  private grants = new Map<string, Grant>();
  private refreshTokens = new Map<string, string>();
  private accessTokens = new Map<string, { grant: string; expiresAt: number }>();
  private injections: Injection[] = [];
  private tokensUsed = new Map<string, number>();
  /** Calls answered per API (failures included), for tests that count. */
  readonly calls = new Map<StandInApi, number>();
  /** Every request, `METHOD path`, in order. */
  readonly seen: string[] = [];
  /** The JSON bodies the data APIs received, in order (a test checks which pages were asked). */
  readonly requests: { api: StandInApi; body: Record<string, unknown> }[] = [];

  async start(options: StandInOptions = {}): Promise<this> {
    const end = options.end ?? addDays(new Date().toISOString().slice(0, 10), -1);
    this.data = await StandInData.create({ end, days: options.days ?? 90 });
    this.server = createServer((req, res) => {
      this.handle(req)
        .then((answer) => write(res, answer))
        .catch((error: unknown) => write(res, googleError(500, 'INTERNAL', String(error))));
    });
    await new Promise<void>((resolve) =>
      this.server?.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
    );
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://${options.host ?? '127.0.0.1'}:${port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.data?.close();
  }

  /** The server settings pointing every Google URL here. */
  env(): Record<string, string> {
    return {
      GOOGLE_AUTH_URL: `${this.url}/o/oauth2/v2/auth`,
      GOOGLE_TOKEN_URL: `${this.url}/token`,
      GOOGLE_REVOKE_URL: `${this.url}/revoke`,
      GOOGLE_USERINFO_URL: `${this.url}/v1/userinfo`,
      GOOGLE_ANALYTICS_ADMIN_URL: `${this.url}/analyticsadmin/v1beta`,
      GOOGLE_ANALYTICS_DATA_URL: `${this.url}/analyticsdata/v1beta`,
      GOOGLE_SEARCH_CONSOLE_URL: `${this.url}/webmasters/v3`,
      GOOGLE_ADS_URL: `${this.url}/googleads/v21`,
    };
  }

  registerClient(client: ClientReg): void {
    this.clients.set(client.clientId, client);
  }

  registerDeveloperToken(token: string): void {
    this.developerTokens.add(token);
  }

  addPerson(person: GooglePerson): GooglePerson {
    this.people.set(person.sub, person);
    return person;
  }

  /** The next `times` calls of `api`, after `after` more that succeed, fail with `kind`. */
  inject(api: StandInApi, kind: InjectedFailure, options: { after?: number; times?: number } = {}): void {
    this.injections.push({ api, kind, after: options.after ?? 0, times: options.times ?? 1 });
  }

  clearInjections(): void {
    this.injections = [];
  }

  /** Every access token stops working now (as after an hour), refresh tokens still do. */
  expireAccessTokens(): void {
    for (const token of this.accessTokens.values()) token.expiresAt = 0;
  }

  /** The user removed the app from their Google account: every token of the grant dies. */
  revokeGrant(sub: string, clientId: string): void {
    const grant = this.grants.get(`${sub}:${clientId}`);
    if (grant) grant.revoked = true;
  }

  /** Whether the person's grant for the client is still alive (a test checks revoke reached Google). */
  grantAlive(sub: string, clientId: string): boolean {
    const grant = this.grants.get(`${sub}:${clientId}`);
    return grant !== undefined && !grant.revoked;
  }

  count(api: StandInApi): number {
    return this.calls.get(api) ?? 0;
  }

  /**
   * Opens the consent page URL as the browser would and answers where Google redirected: the
   * callback's query (`code`, `state`, or `error`), or the page's status and text.
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

  // --- routing ----------------------------------------------------------------------------------

  private async handle(req: IncomingMessage): Promise<Answer> {
    const url = new URL(req.url ?? '/', this.url);
    const route = `${req.method} ${url.pathname}`;
    this.seen.push(route);
    if (route === 'GET /o/oauth2/v2/auth') return this.authorize(url.searchParams);
    if (route === 'POST /o/oauth2/v2/consent') return this.consentSubmitted(await readForm(req));
    if (route === 'POST /token') {
      const form = await readForm(req);
      return this.counted(form.get('grant_type') === 'refresh_token' ? 'refresh' : 'token', () =>
        form.get('grant_type') === 'refresh_token' ? this.refresh(form) : this.exchange(form),
      );
    }
    if (route === 'POST /revoke') {
      const form = await readForm(req);
      return this.counted('revoke', () => this.revoke(form.get('token') ?? url.searchParams.get('token')));
    }
    if (route === 'GET /v1/userinfo') return this.counted('userinfo', () => this.userinfo(req));

    if (route === 'GET /analyticsadmin/v1beta/accountSummaries') {
      return this.api('accountSummaries', req, [SCOPE.ga], (world) =>
        accountSummaries(world, url.searchParams),
      );
    }
    const report = /^POST \/analyticsdata\/v1beta\/(properties\/\d+):runReport$/.exec(route);
    if (report?.[1]) {
      const property = report[1];
      const body = await readJson(req);
      this.requests.push({ api: 'runReport', body });
      return this.api('runReport', req, [SCOPE.ga], (world) =>
        runReport(this.data, world, property, body, this.tokensUsed),
      );
    }
    if (route === 'GET /webmasters/v3/sites') {
      return this.api('sites', req, [SCOPE.gsc], (world) => sites(world));
    }
    const query = /^POST \/webmasters\/v3\/sites\/([^/]+)\/searchAnalytics\/query$/.exec(route);
    if (query?.[1]) {
      const site = decodeURIComponent(query[1]);
      const body = await readJson(req);
      this.requests.push({ api: 'searchAnalytics', body });
      return this.api('searchAnalytics', req, [SCOPE.gsc], (world) =>
        searchAnalytics(this.data, world, site, body),
      );
    }
    if (route === 'GET /googleads/v21/customers:listAccessibleCustomers') {
      return this.ads('listAccessibleCustomers', req, (world) => listAccessibleCustomers(world));
    }
    const stream = /^POST \/googleads\/v21\/customers\/(\d+)\/googleAds:searchStream$/.exec(route);
    if (stream?.[1]) {
      const customer = stream[1];
      const body = await readJson(req);
      this.requests.push({ api: 'searchStream', body });
      const login = header(req, 'login-customer-id');
      return this.ads('searchStream', req, (world) => searchStream(this.data, world, customer, login, body));
    }
    return json(404, { error: { code: 404, message: `Not found: ${route}`, status: 'NOT_FOUND' } });
  }

  /** Counts the call and answers an injected failure when one is due. */
  private async counted(api: StandInApi, run: () => Answer | Promise<Answer>): Promise<Answer> {
    this.calls.set(api, this.count(api) + 1);
    const due = this.injections.find((i) => i.api === api && i.times > 0);
    if (due) {
      if (due.after > 0) due.after -= 1;
      else {
        due.times -= 1;
        return failure(api, due.kind);
      }
    }
    return run();
  }

  /** A data API: a live access token with the scope, then the handler. */
  private api(api: StandInApi, req: IncomingMessage, scopes: string[], run: WorldRun) {
    return this.counted(api, () => {
      const grant = this.grantOf(req);
      if (!grant) return unauthenticated();
      if (!scopes.every((scope) => grant.scopes.has(scope))) return insufficientScopes();
      return run(this.worlds.get(grant.person.sub) ?? this.world);
    });
  }

  /** Google Ads: also the developer token (its refusal is not the user's token's). */
  private ads(api: StandInApi, req: IncomingMessage, run: WorldRun) {
    return this.counted(api, () => {
      const grant = this.grantOf(req);
      if (!grant) {
        return adsFailure(401, 'UNAUTHENTICATED', 'Request is missing required authentication credential.', {
          authenticationError: 'OAUTH_TOKEN_INVALID',
        });
      }
      if (!grant.scopes.has(SCOPE.ads)) return insufficientScopes();
      const developerToken = header(req, 'developer-token');
      if (!developerToken || !this.developerTokens.has(developerToken)) {
        return adsFailure(401, 'UNAUTHENTICATED', 'The developer token is not valid.', {
          authenticationError: developerToken
            ? 'DEVELOPER_TOKEN_INVALID'
            : 'DEVELOPER_TOKEN_PARAMETER_MISSING',
        });
      }
      return run(this.worlds.get(grant.person.sub) ?? this.world);
    });
  }

  /** Worlds per person may be set by tests; everyone else sees the default one. */
  readonly worlds = new Map<string, World>();

  private grantOf(req: IncomingMessage): Grant | null {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const access = token ? this.accessTokens.get(token) : undefined;
    if (!access || access.expiresAt < Date.now()) return null;
    const grant = this.grants.get(access.grant);
    return grant && !grant.revoked ? grant : null;
  }

  // --- OAuth ------------------------------------------------------------------------------------

  private authorize(q: URLSearchParams): Answer {
    const page = (status: number, text: string): Answer => ({
      status,
      html: `<html><body><h1>${escapeHtml(text)}</h1></body></html>`,
    });
    const client = this.clients.get(q.get('client_id') ?? '');
    // Google shows an error page (no redirect) for an unknown client or an unregistered URI.
    if (!client) return page(401, 'Error 401: invalid_client. The OAuth client was not found.');
    const redirectUri = q.get('redirect_uri') ?? '';
    if (!client.redirectUris.includes(redirectUri)) return page(400, 'Error 400: redirect_uri_mismatch');
    if (q.get('response_type') !== 'code') return page(400, 'Error 400: unsupported_response_type');
    const scopes = (q.get('scope') ?? '').split(' ').filter(Boolean);
    if (scopes.length === 0 || scopes.some((scope) => !KNOWN_SCOPES.has(scope))) {
      return page(400, 'Error 400: invalid_scope');
    }
    const challenge = q.get('code_challenge');
    if (challenge && q.get('code_challenge_method') !== 'S256')
      return page(400, 'Error 400: invalid_request');

    if (this.consent === null) return this.consentPage(q, client, scopes);
    return this.decide(q, this.consent);
  }

  /** Who allows (or denies) this request, then the redirect back to the client. */
  private decide(q: URLSearchParams, who: GooglePerson | 'deny'): Answer {
    const back = new URL(q.get('redirect_uri') ?? '');
    const state = q.get('state');
    if (state !== null) back.searchParams.set('state', state);
    if (who === 'deny') {
      back.searchParams.set('error', 'access_denied');
      return { status: 302, redirect: back };
    }
    this.people.set(who.sub, who);
    const code = `4/0${randomBytes(24).toString('base64url')}`;
    this.codes.set(code, {
      clientId: q.get('client_id') ?? '',
      redirectUri: q.get('redirect_uri') ?? '',
      person: who,
      scopes: (q.get('scope') ?? '').split(' ').filter(Boolean),
      offline: q.get('access_type') === 'offline',
      challenge: q.get('code_challenge'),
      used: false,
      expiresAt: Date.now() + CODE_SECONDS * 1000,
    });
    back.searchParams.set('code', code);
    back.searchParams.set('scope', q.get('scope') ?? '');
    return { status: 302, redirect: back };
  }

  /** The page a person sees when no test decides: pick an account, Allow or Deny. */
  private consentPage(q: URLSearchParams, client: ClientReg, scopes: string[]): Answer {
    const hidden = [...q.entries()]
      .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
      .join('');
    const people = [...this.people.values()];
    const options = people
      .map(
        (p, i) =>
          `<label><input type="radio" name="sub" value="${escapeHtml(p.sub)}"${i === 0 ? ' checked' : ''}> ${escapeHtml(p.name)} &lt;${escapeHtml(p.email)}&gt;</label><br>`,
      )
      .join('');
    return {
      status: 200,
      html: `<!doctype html><html><head><title>Sign in - Google Accounts (stand-in)</title></head><body style="font-family:sans-serif;max-width:560px;margin:40px auto">
<h1>Google stand-in</h1><p><b>${escapeHtml(client.clientId)}</b> wants to:</p><ul>${scopes.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul>
<form method="post" action="/o/oauth2/v2/consent">${hidden}${options}
<button name="decision" value="allow" type="submit">Allow</button> <button name="decision" value="deny" type="submit">Deny</button></form></body></html>`,
    };
  }

  private consentSubmitted(form: URLSearchParams): Answer {
    const person = this.people.get(form.get('sub') ?? '');
    if (form.get('decision') !== 'allow') return this.decide(form, 'deny');
    if (!person) return { status: 400, html: '<html><body>Choose an account</body></html>' };
    return this.decide(form, person);
  }

  private clientOf(form: URLSearchParams): ClientReg | null {
    const client = this.clients.get(form.get('client_id') ?? '');
    return client && client.clientSecret === form.get('client_secret') ? client : null;
  }

  private issueAccess(grantKey: string): string {
    const token = `ya29.${randomBytes(24).toString('base64url')}`;
    this.accessTokens.set(token, { grant: grantKey, expiresAt: Date.now() + ACCESS_SECONDS * 1000 });
    return token;
  }

  private exchange(form: URLSearchParams): Answer {
    const fail = (status: number, error: string, description: string) =>
      json(status, { error, error_description: description });
    const client = this.clientOf(form);
    if (!client) return fail(401, 'invalid_client', 'The OAuth client was not found.');
    if (form.get('grant_type') !== 'authorization_code')
      return fail(400, 'unsupported_grant_type', 'Invalid grant_type');
    const code = this.codes.get(form.get('code') ?? '');
    if (!code || code.expiresAt < Date.now()) return fail(400, 'invalid_grant', 'Malformed auth code.');
    if (code.used) return fail(400, 'invalid_grant', 'Code was already redeemed.');
    code.used = true;
    if (code.clientId !== client.clientId)
      return fail(400, 'invalid_grant', 'The code was issued to another client.');
    if (code.redirectUri !== form.get('redirect_uri'))
      return fail(400, 'redirect_uri_mismatch', 'Bad Request');
    if (code.challenge) {
      const computed = createHash('sha256')
        .update(form.get('code_verifier') ?? '')
        .digest('base64url');
      if (computed !== code.challenge) return fail(400, 'invalid_grant', 'Invalid code verifier.');
    } else if (form.get('code_verifier')) {
      return fail(400, 'invalid_grant', 'Invalid code verifier.');
    }
    const key = `${code.person.sub}:${client.clientId}`;
    const existing = this.grants.get(key);
    const grant: Grant =
      existing && !existing.revoked
        ? existing
        : { person: code.person, clientId: client.clientId, scopes: new Set(), revoked: false };
    for (const scope of code.scopes) grant.scopes.add(scope);
    this.grants.set(key, grant);
    const refreshToken = code.offline ? `1//0${randomBytes(32).toString('base64url')}` : null;
    if (refreshToken) this.refreshTokens.set(refreshToken, key);
    return json(200, {
      access_token: this.issueAccess(key),
      expires_in: ACCESS_SECONDS,
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
      scope: [...grant.scopes].join(' '),
      token_type: 'Bearer',
      id_token: 'stand-in.id.token',
    });
  }

  private refresh(form: URLSearchParams): Answer {
    const client = this.clientOf(form);
    if (!client)
      return json(401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' });
    const key = this.refreshTokens.get(form.get('refresh_token') ?? '');
    const grant = key ? this.grants.get(key) : undefined;
    if (!key || !grant || grant.revoked || grant.clientId !== client.clientId) {
      return json(400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
    }
    return json(200, {
      access_token: this.issueAccess(key),
      expires_in: ACCESS_SECONDS,
      scope: [...grant.scopes].join(' '),
      token_type: 'Bearer',
    });
  }

  private revoke(token: string | null): Answer {
    const key = token ? (this.refreshTokens.get(token) ?? this.accessTokens.get(token)?.grant) : undefined;
    const grant = key ? this.grants.get(key) : undefined;
    if (!grant || grant.revoked) {
      return json(400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
    }
    grant.revoked = true;
    return json(200, {});
  }

  private userinfo(req: IncomingMessage): Answer {
    const grant = this.grantOf(req);
    if (!grant) return json(401, { error: 'invalid_request', error_description: 'Invalid Credentials' });
    return json(200, {
      sub: grant.person.sub,
      name: grant.person.name,
      email: grant.person.email,
      email_verified: true,
      picture: 'https://lh3.googleusercontent.com/a/stand-in',
    });
  }
}

/** An injected failure in the shape the API answers it. */
function failure(api: StandInApi, kind: InjectedFailure): Answer {
  if (api === 'token' || api === 'refresh' || api === 'revoke') {
    if (kind === 'auth')
      return json(400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
    if (kind === 'quota')
      return json(429, { error: 'rate_limit_exceeded', error_description: 'Rate limit exceeded' });
    return json(503, { error: 'temporarily_unavailable', error_description: 'Try again later' });
  }
  const ads = api === 'searchStream' || api === 'listAccessibleCustomers';
  if (kind === 'auth') {
    return ads
      ? adsFailure(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.', {
          authenticationError: 'OAUTH_TOKEN_REVOKED',
        })
      : unauthenticated();
  }
  if (kind === 'quota') {
    if (ads) {
      return adsFailure(
        429,
        'RESOURCE_EXHAUSTED',
        'Too many requests. Retry in 2 seconds.',
        { quotaError: 'RESOURCE_EXHAUSTED' },
        {
          details: {
            quotaErrorDetails: { rateScope: 'DEVELOPER', rateName: 'Number of operations', retryDelay: '2s' },
          },
        },
      );
    }
    if (api === 'sites' || api === 'searchAnalytics') {
      return googleError(429, 'RESOURCE_EXHAUSTED', 'Search Analytics load quota exceeded.', {
        errors: [
          {
            message: 'Search Analytics load quota exceeded.',
            domain: 'usageLimits',
            reason: 'rateLimitExceeded',
          },
        ],
      });
    }
    return googleError(
      429,
      'RESOURCE_EXHAUSTED',
      'Exhausted property tokens per hour for this property. Please wait up to 1 hour before retrying.',
    );
  }
  return googleError(503, 'UNAVAILABLE', 'The service is currently unavailable.');
}

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new URLSearchParams(await readBody(req));
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const text = await readBody(req);
  try {
    const parsed = JSON.parse(text || '{}') as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

export async function startGoogleStandIn(options: StandInOptions = {}): Promise<GoogleStandIn> {
  return new GoogleStandIn().start(options);
}
