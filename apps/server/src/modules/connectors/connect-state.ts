import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type ConnectType, GOOGLE_CONNECT_STATE_PREFIX } from '@app/contract/connectors/google-oauth';
import type { GoogleService } from '@app/contract/connectors/google-services';
import { AppError } from '../../platform/app-error';
import { toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import { deleteExpiredStates, insertState, spendState, stateExists } from '../social/oauth-state';

/** How long the owner has between leaving for Google and coming back. */
export const CONNECT_STATE_MINUTES = 10;

/**
 * What a connect flow is for, carried in the state itself and signed (issue 12: the state carries
 * user, team, project, service and the full callback route): `gc1.<payload>.<mac>`, the payload
 * base64url JSON and the mac HMAC-SHA256 with the app secret. The PKCE verifier never travels: it
 * stays server-side under the nonce, which the callback spends once (single use, 10 minutes).
 */
export interface ConnectState {
  purpose: 'connect';
  nonce: string;
  userId: string;
  teamId: string;
  projectId: string | null;
  service: GoogleService;
  type: ConnectType;
  callbackRoute: string;
  admin: boolean;
  /** Unix seconds. */
  expiresAt: number;
}

const KEY = 'google-connect:';
const USED = 'google-connect-used:';

function mac(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(`google-connect:${payload}`).digest();
}

/** A PKCE pair: the verifier stays here, the S256 challenge goes in the consent URL. */
export function newPkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export async function createConnectState(
  platform: Platform,
  state: Omit<ConnectState, 'purpose' | 'nonce' | 'expiresAt'>,
  verifier: string,
): Promise<string> {
  const nonce = randomBytes(16).toString('hex');
  const expiresAt = new Date(Date.now() + CONNECT_STATE_MINUTES * 60_000);
  const full: ConnectState = { purpose: 'connect', nonce, ...state, expiresAt: toSeconds(expiresAt) };
  const payload = Buffer.from(JSON.stringify(full)).toString('base64url');
  // Spent and expired states are kept a day so a late callback hears "already used" / "expired".
  await deleteExpiredStates(platform.db, 'google-connect', new Date(Date.now() - 86_400_000));
  await insertState(platform.db, `${KEY}${nonce}`, JSON.stringify({ verifier }), expiresAt);
  return `${GOOGLE_CONNECT_STATE_PREFIX}${payload}.${mac(platform.secret, payload).toString('base64url')}`;
}

export const CONNECT_INVALID = 'This Google connection link is not valid. Please start again.';
export const CONNECT_USED = 'This Google connection link was already used. Please start again.';
export const CONNECT_EXPIRED = 'This Google connection link has expired. Please start again.';

/** Checks the signature and reads what the state carries; nothing is spent yet. */
export function readConnectState(
  platform: Platform,
  t: (msgid: string) => string,
  state: string,
): ConnectState {
  const refuse = () => new AppError('UNAUTHORIZED', { msg: t(CONNECT_INVALID) });
  const match = /^gc1\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(state);
  const payload = match?.[1];
  const signature = match?.[2];
  if (!payload || !signature) throw refuse();
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(platform.secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refuse();
  const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as ConnectState;
  if (parsed.purpose !== 'connect' || !/^[0-9a-f]{32}$/.test(parsed.nonce)) throw refuse();
  return parsed;
}

/**
 * Spends the state's nonce in one statement, so two callbacks racing with the same state cannot
 * both pass; answers the PKCE verifier kept under it. Called once the caller is known to be the
 * state's user, so nobody else can spend (and so waste) someone's connection.
 */
export async function spendConnectState(
  platform: Platform,
  t: (msgid: string) => string,
  state: ConnectState,
): Promise<string> {
  const refuse = (msgid: string) => new AppError('UNAUTHORIZED', { msg: t(msgid) });
  const spent = await spendState(platform.db, `${KEY}${state.nonce}`, `${USED}${state.nonce}`);
  if (!spent) {
    throw refuse((await stateExists(platform.db, `${USED}${state.nonce}`)) ? CONNECT_USED : CONNECT_EXPIRED);
  }
  if (spent.expiresAt.getTime() <= Date.now() || state.expiresAt * 1000 <= Date.now()) {
    throw refuse(CONNECT_EXPIRED);
  }
  return (JSON.parse(spent.value) as { verifier: string }).verifier;
}
