import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/app-error';
import type { Platform } from '../../platform/platform';
import { deleteExpiredStates, insertState, spendState, stateExists } from './oauth-state.repo';

// What other modules may use of this module's queries (they never import its repositories).
export { deleteExpiredStates, insertState, spendState, stateExists } from './oauth-state.repo';

/** How long the visitor has between leaving for the provider and coming back. */
export const STATE_MINUTES = 10;

/**
 * The http-only cookie tying a flow to the browser that started it. Without it a link carrying
 * someone else's code and state would sign the victim into the attacker's account (login CSRF).
 */
export const BROWSER_COOKIE = 'app_oauth_browser';

const FRESH = 'social-state:';
const USED = 'social-state-used:';

/** Which secret namespace the state belongs to; a Google state is refused at the WeChat callback. */
export type StateProvider = 'google' | 'wechat';
export type StatePurpose = 'sign_in' | 'bind' | 'base';

/** What the server remembers about one flow; the state itself only points at it. */
export interface StateRecord {
  provider: StateProvider;
  purpose: StatePurpose;
  /** The user linking an account (`bind`); the callback must come from their session. */
  userId: string | null;
  next: string | null;
  /** WeChat official account: the full route to return to. */
  callbackRoute: string | null;
  /** WeChat: which app (`open` QR, `offi` official account) the code belongs to. */
  wechatApp: 'open' | 'offi' | null;
  /** Google PKCE verifier (the consent URL carries its S256 challenge). */
  codeVerifier: string | null;
  /** SHA-256 of the browser cookie. */
  browser: string;
}

function sign(secret: string, provider: StateProvider, nonce: string): string {
  return createHmac('sha256', secret).update(`social-state:${provider}:${nonce}`).digest('hex');
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The browser key: reused while the cookie lives (two tabs may sign in at once), else a new one.
 * Path `/api` because only the callback endpoints read it.
 */
function browserKey(platform: Platform, request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies?.[BROWSER_COOKIE];
  const key = existing && /^[\w-]{43}$/.test(existing) ? existing : randomBytes(32).toString('base64url');
  reply.setCookie(BROWSER_COOKIE, key, {
    path: '/api',
    httpOnly: true,
    sameSite: 'lax',
    secure: platform.config.publicUrl.startsWith('https://'),
    maxAge: STATE_MINUTES * 60,
  });
  return key;
}

/**
 * A new state: 32 hex characters of nonce and 64 of HMAC-SHA256 (with the app secret) over the
 * provider and nonce. Only [0-9a-f] and 96 characters, because WeChat accepts at most 128
 * characters of [a-zA-Z0-9]. What the flow is for lives server-side under the nonce, with its
 * expiry, in the verification table; the callback spends it once.
 */
export async function createState(
  platform: Platform,
  request: FastifyRequest,
  reply: FastifyReply,
  record: Omit<StateRecord, 'browser'>,
): Promise<string> {
  const nonce = randomBytes(16).toString('hex');
  const value: StateRecord = { ...record, browser: sha256(browserKey(platform, request, reply)) };
  const now = Date.now();
  // Spent and expired states are kept a day so a late callback hears "already used" / "expired".
  await deleteExpiredStates(platform.db, 'social-state', new Date(now - 86_400_000));
  await insertState(
    platform.db,
    `${FRESH}${nonce}`,
    JSON.stringify(value),
    new Date(now + STATE_MINUTES * 60_000),
  );
  return `${nonce}${sign(platform.secret, record.provider, nonce)}`;
}

export const STATE_INVALID = 'This sign-in link is not valid. Please start again.';
export const STATE_USED = 'This sign-in link was already used. Please start again.';
export const STATE_EXPIRED = 'This sign-in link has expired. Please start again.';
export const STATE_OTHER_BROWSER =
  'This sign-in was started in another browser. Please start again in this one.';

const refuse = (msg: string) => new AppError('UNAUTHORIZED', { msg });

/**
 * Checks the signature, then spends the state in one statement (renaming its row), so two
 * callbacks racing with the same state cannot both pass. Refuses a forged, reused, expired or
 * foreign-browser state, or one made for another provider.
 */
export async function consumeState(
  platform: Platform,
  request: FastifyRequest,
  provider: StateProvider,
  state: string,
): Promise<StateRecord> {
  const match = /^([0-9a-f]{32})([0-9a-f]{64})$/.exec(state);
  const nonce = match?.[1];
  const mac = match?.[2];
  if (!nonce || !mac) throw refuse(STATE_INVALID);
  const expected = Buffer.from(sign(platform.secret, provider, nonce), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(mac, 'hex'))) throw refuse(STATE_INVALID);

  const spent = await spendState(platform.db, `${FRESH}${nonce}`, `${USED}${nonce}`);
  if (!spent) throw refuse((await stateExists(platform.db, `${USED}${nonce}`)) ? STATE_USED : STATE_EXPIRED);
  if (spent.expiresAt.getTime() <= Date.now()) throw refuse(STATE_EXPIRED);

  const record = JSON.parse(spent.value) as StateRecord;
  if (record.provider !== provider) throw refuse(STATE_INVALID);
  const cookie = request.cookies?.[BROWSER_COOKIE];
  if (!cookie || sha256(cookie) !== record.browser) throw refuse(STATE_OTHER_BROWSER);
  return record;
}
