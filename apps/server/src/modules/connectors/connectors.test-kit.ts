import {
  type ConnectCreateBody,
  googleStatePurpose,
  postAdminGoogleConnectCreate,
  postGoogleConnectCallback,
  postGoogleConnectCreate,
} from '@app/contract/connectors/google-oauth';
import { expect } from 'vitest';
import { type Caller, callEndpoint } from '../../test/call-endpoint';
import {
  type GooglePerson,
  type GoogleStandIn,
  startGoogleStandIn,
} from '../../test/google-stand-in/google-stand-in';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Test helpers shared by the connectors tests (not a test file itself). */

export const CLIENT = { clientId: 'connectors-client.apps.example', clientSecret: 'connectors-secret-1' };
export const DEVELOPER_TOKEN = 'stand-in-developer-token-1';

export interface ConnectorsTestApp {
  t: TestApp;
  google: GoogleStandIn;
  close: () => Promise<void>;
}

/**
 * The app with the Google client in the vault (seeded by the environment) and every Google URL
 * pointing at a fresh stand-in holding `days` days of the demo's figures.
 */
export async function connectorsTestApp(
  options: { days?: number; env?: Record<string, string> } = {},
): Promise<ConnectorsTestApp> {
  const google = await startGoogleStandIn({ days: options.days ?? 20 });
  const t = await createTestApp({
    ...google.env(),
    GOOGLE_CLIENT_ID: CLIENT.clientId,
    GOOGLE_CLIENT_SECRET: CLIENT.clientSecret,
    GOOGLE_ADS_DEVELOPER_TOKEN: DEVELOPER_TOKEN,
    GOOGLE_SYNC_PAGE_SIZE: '5000',
    GOOGLE_SYNC_BACKOFF_SECONDS: '1',
    ...options.env,
  });
  google.registerClient({
    ...CLIENT,
    redirectUris: [new URL('/google/oauth/code/callback', t.config.publicUrl).toString()],
  });
  google.registerDeveloperToken(DEVELOPER_TOKEN);
  return {
    t,
    google,
    close: async () => {
      await t.close();
      await google.stop();
    },
  };
}

let people = 0;

export function googlePerson(overrides: Partial<GooglePerson> = {}): GooglePerson {
  people += 1;
  return {
    sub: `20${Date.now()}${people}`,
    email: `owner${people}-${Math.random().toString(36).slice(2, 8)}@gmail.example`,
    name: `Google Owner ${people}`,
    ...overrides,
  };
}

/** The create call, Google's consent (by `person`) and the redirect back: what the page posts. */
export async function consent(
  k: ConnectorsTestApp,
  as: Caller,
  body: ConnectCreateBody,
  person: GooglePerson,
  options: { admin?: boolean } = {},
): Promise<{ code: string; state: string; url: URL }> {
  const created = await callEndpoint(
    k.t.app,
    options.admin ? postAdminGoogleConnectCreate : postGoogleConnectCreate,
    {
      body,
      as,
    },
  );
  expect(created.status, created.text).toBe(200);
  const url = new URL(created.ok().url);
  k.google.consent = person;
  const back = await k.google.visit(url.toString());
  if (!back.redirected || !back.code || !back.state)
    throw new Error(`no redirect back: ${JSON.stringify(back)}`);
  // Google returns to the one web page that also finishes Google sign-in; the state says which.
  expect(back.location.pathname).toBe('/google/oauth/code/callback');
  expect(googleStatePurpose(back.state)).toBe('connect');
  return { code: back.code, state: back.state, url };
}

/** A whole bind: create, consent, callback. Answers the callback's call. */
export async function bind(
  k: ConnectorsTestApp,
  as: Caller,
  body: ConnectCreateBody,
  person: GooglePerson,
  options: { admin?: boolean } = {},
) {
  const back = await consent(k, as, body, person, options);
  return callEndpoint(k.t.app, postGoogleConnectCallback, {
    body: { code: back.code, state: back.state },
    as,
  });
}
