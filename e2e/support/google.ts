import {
  type GooglePerson,
  startGoogleStandIn,
} from '../../apps/server/src/test/google-stand-in/google-stand-in';

/** The OAuth client the e2e server is given (seeded into its foreign-keys vault from the env). */
const CLIENT_ID = 'e2e-client.apps.googleusercontent.com';
const CLIENT_SECRET = 'e2e-client-secret';
const DEVELOPER_TOKEN = 'e2e-developer-token';

/** Who signs in at the stand-in's consent page in the journeys. */
export const GOOGLE_PERSON: GooglePerson = {
  sub: '100000000000000000001',
  email: 'ada@demo-store.example',
  name: 'Ada Marketer',
};

/**
 * The local Google stand-in the connector journeys bind against (the one the server's tests use,
 * over real HTTP): OAuth with its consent page, GA4 Admin and Data, Search Console, Ads. 30 days of
 * data keep the first sync short. `serverEnv` points the server at it; once the server's address is
 * known, `allowRedirect` registers its callback route as the client's redirect URI, as one does in
 * Google's console.
 */
export async function startGoogle() {
  const standIn = await startGoogleStandIn({ days: 30 });
  standIn.registerDeveloperToken(DEVELOPER_TOKEN);
  standIn.addPerson(GOOGLE_PERSON);
  return {
    url: standIn.url,
    serverEnv: {
      ...standIn.env(),
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
      GOOGLE_ADS_DEVELOPER_TOKEN: DEVELOPER_TOKEN,
    },
    allowRedirect(serverUrl: string) {
      standIn.registerClient({
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        redirectUris: [`${serverUrl}/google/oauth/code/callback`],
      });
    },
    stop: () => standIn.stop(),
  };
}
