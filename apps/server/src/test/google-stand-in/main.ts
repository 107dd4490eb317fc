import { startGoogleStandIn } from './google-stand-in';

/**
 * The stand-in Google, by hand, for a demo or a browser journey:
 *
 *   npm run google:stand-in -w @app/server            (port 4010, 90 days of data)
 *   STAND_IN_PORT=4020 STAND_IN_DAYS=30 npm run google:stand-in -w @app/server
 *
 * It registers one OAuth client (`STAND_IN_CLIENT_ID` / `STAND_IN_CLIENT_SECRET`, redirect URI
 * `STAND_IN_REDIRECT_URI`, default http://localhost:3000/google/oauth/code/callback) and an Ads
 * developer token (`STAND_IN_DEVELOPER_TOKEN`), and prints the server settings to use (put the
 * client id, secret and developer token on the admin foreign-keys page, or in the environment).
 * The consent page lists the people below; `STAND_IN_AUTO_APPROVE=1` allows as the first one
 * without a page.
 */
const env = process.env;
const port = Number(env.STAND_IN_PORT ?? 4010);
const clientId = env.STAND_IN_CLIENT_ID ?? 'stand-in-client.apps.googleusercontent.com';
const clientSecret = env.STAND_IN_CLIENT_SECRET ?? 'stand-in-secret';
const developerToken = env.STAND_IN_DEVELOPER_TOKEN ?? 'stand-in-developer-token';
const redirectUris = (env.STAND_IN_REDIRECT_URI ?? 'http://localhost:3000/google/oauth/code/callback').split(
  ',',
);

const standIn = await startGoogleStandIn({
  port,
  host: env.STAND_IN_HOST ?? '127.0.0.1',
  days: Number(env.STAND_IN_DAYS ?? 90),
});
standIn.registerClient({ clientId, clientSecret, redirectUris });
standIn.registerDeveloperToken(developerToken);
const ada = standIn.addPerson({
  sub: '100000000000000000001',
  email: 'ada@demo-store.example',
  name: 'Ada Marketer',
});
standIn.addPerson({ sub: '100000000000000000002', email: 'grace@agency.example', name: 'Grace Agency' });
if (env.STAND_IN_AUTO_APPROVE === '1') standIn.consent = ada;

const settings = {
  ...standIn.env(),
  GOOGLE_CLIENT_ID: clientId,
  GOOGLE_CLIENT_SECRET: clientSecret,
  GOOGLE_ADS_DEVELOPER_TOKEN: developerToken,
};
process.stdout.write(
  `Google stand-in on ${standIn.url} with data ${standIn.data.start} .. ${standIn.data.end}\n` +
    `Redirect URIs: ${redirectUris.join(', ')}\nServer settings:\n${Object.entries(settings)
      .map(([key, value]) => `${key}=${value}`)
      .join('\n')}\n`,
);

const stop = () => {
  void standIn.stop().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
