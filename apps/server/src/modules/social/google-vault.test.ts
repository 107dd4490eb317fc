import { saveForeignKey } from '@app/contract/admin/foreign-keys/foreign-keys';
import { postGoogleSignInCreate } from '@app/contract/social/google';
import { getSocialProviders } from '@app/contract/social/social';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../../test/call-endpoint';
import { createTestApp, signInAdmin, type TestApp } from '../../test/test-app';

/** Issue 12, item 1: Google sign-in reads the OAuth client the admins keep on the foreign-keys page. */
describe('Google sign-in uses the client saved in the foreign-keys vault', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No Google client in the environment: only the vault can configure it.
    t = await createTestApp({ GOOGLE_CLIENT_ID: '', GOOGLE_CLIENT_SECRET: '' });
  });
  afterAll(() => t.close());

  it('not configured until an admin saves the client; then the consent URL carries the saved id', async () => {
    expect((await callEndpoint(t.app, getSocialProviders)).ok().google.configured).toBe(false);
    const refused = await callEndpoint(t.app, postGoogleSignInCreate, { body: {} });
    expect(refused.status).toBe(409);

    const admin = await signInAdmin(t.app);
    (
      await callEndpoint(t.app, saveForeignKey, {
        as: admin,
        params: { kind: 'google_oauth' },
        body: { values: { client_id: 'vault-client.apps.example', client_secret: 'vault-secret-0001' } },
      })
    ).ok();

    expect((await callEndpoint(t.app, getSocialProviders)).ok().google.configured).toBe(true);
    const consent = (await callEndpoint(t.app, postGoogleSignInCreate, { body: {} })).ok();
    expect(new URL(consent.url).searchParams.get('client_id')).toBe('vault-client.apps.example');
  });
});
