import { GOOGLE_SERVICE_LABELS, type GoogleService } from '@app/contract/connectors/google-services';
import type { Platform } from '../../platform/platform';
import { Sealer } from '../../platform/sealed';
import { findRecipients } from '../messages/audience';
import { deliver, sendQueued, wantEmail } from '../messages/deliver';
import { type BindingRow, findTeamFor, markNeedsReconnect, teamName, updateBinding } from './bindings.repo';
import type { GoogleClient } from './google-client';
import { callGoogle, formBody, GoogleApiError } from './google-http';

/** The tokens of a binding; sealed at rest with a key made for this purpose only. */
export interface GoogleTokens {
  refresh_token: string;
  access_token: string;
}

/** Refresh this long before Google's expiry, so a call never goes out with a dying token. */
const REFRESH_MARGIN_MS = 5 * 60_000;

const sealers = new WeakMap<Platform, Sealer>();
function sealer(platform: Platform): Sealer {
  let found = sealers.get(platform);
  if (!found) {
    found = new Sealer(platform.secret, 'google-connector-tokens');
    sealers.set(platform, found);
  }
  return found;
}

export const sealTokens = (platform: Platform, tokens: GoogleTokens) =>
  sealer(platform).seal(JSON.stringify(tokens));

export const openTokens = (platform: Platform, sealed: string) =>
  JSON.parse(sealer(platform).open(sealed)) as GoogleTokens;

/** A binding Google no longer accepts: nothing to call with until the owner reconnects. */
export class NeedsReconnectError extends Error {}

const RECONNECT_TITLE = 'Reconnect {{service}}';
const RECONNECT_BODY =
  'Google no longer accepts the connection of {{account}} to {{service}} for {{team}}, so its data stops syncing. Reconnect it on the Connectors page.';

/**
 * Turns the binding into 'needs reconnect' (once) and tells the data owner and whoever bound it,
 * in their inbox and, as their settings want warnings, by e-mail, each read in the reader's language.
 */
export async function needsReconnect(platform: Platform, binding: BindingRow, reason: string): Promise<void> {
  const marked = await markNeedsReconnect(platform.db, binding.id, reason);
  if (!marked) return;
  const team = await teamName(platform.db, binding.teamId);
  const mailIds: string[] = [];
  const owner = (await findTeamFor(platform.db, binding.teamId, null))?.ownerId ?? null;
  const service = GOOGLE_SERVICE_LABELS[binding.service as GoogleService] ?? binding.service;
  const delivery = {
    level: 'warning' as const,
    title: { msgid: RECONNECT_TITLE, params: { service } },
    body: {
      msgid: RECONNECT_BODY,
      params: { service, account: binding.accountEmail ?? binding.accountName, team },
    },
    link: '/account/connectors',
    template: 'connectors.reconnect',
  };
  await platform.db.transaction(async (tx) => {
    const people = await findRecipients(tx, [
      ...new Set([owner, binding.boundBy].filter((id): id is string => !!id)),
    ]);
    for (const person of people) {
      mailIds.push(
        ...(await deliver(platform, tx, delivery, {
          inApp: [person],
          email: await wantEmail(tx, [person], 'warning'),
        })),
      );
    }
  });
  await sendQueued(platform, mailIds);
}

/**
 * A live access token for the binding: the stored one while it has more than five minutes left,
 * else a new one from the refresh token (stored sealed). A refresh token Google refuses
 * (`invalid_grant`: revoked, expired, password changed) turns the binding into 'needs reconnect'.
 */
export async function accessToken(
  platform: Platform,
  client: GoogleClient,
  binding: BindingRow,
  options: { force?: boolean } = {},
): Promise<string> {
  if (binding.status !== 'active')
    throw new NeedsReconnectError('This Google connection needs to be reconnected');
  const tokens = openTokens(platform, binding.sealedTokens);
  if (!options.force && binding.accessExpiresAt.getTime() - REFRESH_MARGIN_MS > Date.now()) {
    return tokens.access_token;
  }
  try {
    const answer = await callGoogle(
      platform,
      { api: 'oauth.refresh', service: binding.service, teamId: binding.teamId, bindingId: binding.id },
      client.tokenUrl,
      formBody({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
        client_id: client.clientId,
        client_secret: client.clientSecret,
      }),
    );
    const body = answer.body as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== 'string') {
      throw new GoogleApiError(
        'unavailable',
        'Google answered a refresh without a token',
        answer.status,
        null,
      );
    }
    const expiresIn = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    const fresh = { ...tokens, access_token: body.access_token };
    const accessExpiresAt = new Date(Date.now() + expiresIn * 1000);
    const sealedTokens = sealTokens(platform, fresh);
    await updateBinding(platform.db, binding.id, { sealedTokens, accessExpiresAt });
    // The caller's copy follows, so a second call in the same run does not refresh again.
    binding.sealedTokens = sealedTokens;
    binding.accessExpiresAt = accessExpiresAt;
    return fresh.access_token;
  } catch (error) {
    if (error instanceof GoogleApiError && error.kind === 'auth') {
      await needsReconnect(platform, binding, `Google refused the refresh token: ${error.message}`);
      throw new NeedsReconnectError(error.message);
    }
    throw error;
  }
}

/**
 * Runs one Google call with the binding's token. A 401 with a token we believed alive gets one
 * forced refresh and one more try; refused again, the binding needs reconnecting.
 */
export async function withAccess<T>(
  platform: Platform,
  client: GoogleClient,
  binding: BindingRow,
  call: (token: string) => Promise<T>,
): Promise<T> {
  try {
    return await call(await accessToken(platform, client, binding));
  } catch (error) {
    if (!(error instanceof GoogleApiError) || error.kind !== 'auth') throw error;
  }
  const token = await accessToken(platform, client, binding, { force: true });
  try {
    return await call(token);
  } catch (error) {
    if (error instanceof GoogleApiError && error.kind === 'auth') {
      await needsReconnect(platform, binding, `Google refused the connection: ${error.message}`);
      throw new NeedsReconnectError(error.message);
    }
    throw error;
  }
}
