import { createProject } from '@app/contract/account/projects/projects';
import { listDynamicConfigs, putDynamicConfig } from '@app/contract/admin/dynamic-configs/dynamic-configs';
import { getIntegInterfaces, listExternalCalls } from '@app/contract/connectors/admin-interfaces';
import {
  listAdminBindings,
  listIntegPlatforms,
  putIntegPlatformEnabled,
} from '@app/contract/connectors/admin-platforms';
import { getAdminBoundAccountInfo, getBoundAccountInfo } from '@app/contract/connectors/bound-account';
import { getConnectorsStatus, postConnectorSync } from '@app/contract/connectors/connectors';
import {
  GOOGLE_CONNECT_STATE_PREFIX,
  googleStatePurpose,
  postAdminGoogleRevoke,
  postGoogleConnectCallback,
  postGoogleConnectCreate,
  postGoogleRevoke,
} from '@app/contract/connectors/google-oauth';
import { getIntegMetadata, putIntegMetadataSelected } from '@app/contract/connectors/metadata';
import { listInboxMessages } from '@app/contract/messages/inbox';
import { getBasicInfos } from '@app/contract/user/get-basic-infos';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleBindings, operationRecords, teamMembers } from '../../db/schema';
import { callEndpoint } from '../../test/call-endpoint';
import { DEMO_ADS_CUSTOMER, DEMO_ADS_MANAGER, DEMO_GA_PROPERTY } from '../../test/google-stand-in/world';
import { signInAdmin, signUpUser } from '../../test/test-app';
import {
  bind,
  CLIENT,
  type ConnectorsTestApp,
  connectorsTestApp,
  consent,
  googlePerson,
} from './connectors.test-kit';

type User = Awaited<ReturnType<typeof signUpUser>>;

describe('Google connectors: binding, metadata, revoke, reconnect, admin (against the stand-in Google)', () => {
  let k: ConnectorsTestApp;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  beforeAll(async () => {
    k = await connectorsTestApp();
    admin = await signInAdmin(k.t.app);
  }, 180_000);
  afterAll(() => k?.close(), 60_000);

  const teamOf = async (user: User) =>
    (await callEndpoint(k.t.app, getConnectorsStatus, { query: {}, as: user })).ok().team_id;
  const boundInfo = (user: User, query: { team_id?: string; project_id?: string } = {}) =>
    callEndpoint(k.t.app, getBoundAccountInfo, { query: { platforms: '["google"]', ...query }, as: user });
  const bindingRow = async (teamId: string, service: string) =>
    (
      await k.t.platform.db
        .select()
        .from(googleBindings)
        .where(and(eq(googleBindings.teamId, teamId), eq(googleBindings.service, service)))
    )[0];

  it('the consent URL asks for offline access with PKCE and the service scope; the state is signed and carries user, team, service and the callback route', async () => {
    const owner = await signUpUser(k.t.app);
    const res = await callEndpoint(k.t.app, postGoogleConnectCreate, {
      body: { service_type: 'ga', callback_route: '/account/connectors?tab=google&x=1' },
      as: owner,
    });
    const url = new URL(res.ok().url);
    expect(`${url.origin}${url.pathname}`).toBe(k.google.env().GOOGLE_AUTH_URL);
    const q = url.searchParams;
    expect(q.get('client_id')).toBe(CLIENT.clientId);
    expect(q.get('redirect_uri')).toBe(`${k.t.config.publicUrl}/google/oauth/code/callback`);
    expect(q.get('access_type')).toBe('offline');
    expect(q.get('prompt')).toBe('consent');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('scope')?.split(' ')).toEqual([
      'openid',
      'email',
      'profile',
      'https://www.googleapis.com/auth/analytics.readonly',
    ]);
    const state = q.get('state') ?? '';
    expect(state.startsWith(GOOGLE_CONNECT_STATE_PREFIX)).toBe(true);
    const payload = JSON.parse(Buffer.from(state.split('.')[1] ?? '', 'base64url').toString('utf8'));
    expect(payload).toMatchObject({
      purpose: 'connect',
      userId: owner.userId,
      teamId: await teamOf(owner),
      projectId: null,
      service: 'ga',
      type: 'bind',
      callbackRoute: '/account/connectors?tab=google&x=1',
      admin: false,
    });
    // The verifier never travels: only its challenge is in the URL.
    expect(JSON.stringify(payload)).not.toContain('verifier');
    // The one callback page tells the flows apart: a sign-in state is plain hex.
    expect(googleStatePurpose('a'.repeat(96))).toBe('sign_in');
  });

  it('binds GA4: create url -> Google consent -> callback -> bound-account info in the spec shape; tokens sealed at rest', async () => {
    const owner = await signUpUser(k.t.app);
    const person = googlePerson({ name: 'Ada Analytics' });
    const res = await bind(
      k,
      owner,
      { service_type: 'ga', callback_route: '/account/connectors?from=x' },
      person,
    );
    const answer = res.ok();
    const teamId = await teamOf(owner);
    expect(answer).toMatchObject({
      purpose: 'connect',
      service: 'ga',
      account: { name: 'Ada Analytics', email: person.email },
      team_id: teamId,
      project_id: null,
      callback_route: '/account/connectors?from=x',
      needs_selection: true,
    });
    expect((await boundInfo(owner)).ok()).toEqual({
      platforms: {
        google: {
          is_bound: true,
          services: ['ga'],
          payload: {
            ga: {
              name: 'Ada Analytics',
              email: person.email,
              needs_reconnect: false,
              bound_at: expect.any(Number),
              bound_by_user_id: owner.userId,
            },
          },
        },
      },
      requestor_user_id: owner.userId,
      data_owner_user_id: owner.userId,
    });
    const row = await bindingRow(teamId, 'ga');
    expect(row?.sealedTokens).toMatch(/^v1\./);
    expect(row?.sealedTokens).not.toContain('1//0');
    expect(row?.sealedTokens).not.toContain('ya29.');
  });

  it('a connection state finishes only in the account that started it, once; a forged one is refused', async () => {
    const owner = await signUpUser(k.t.app);
    const back = await consent(k, owner, { service_type: 'gsc' }, googlePerson());
    const finish = (as: User, state = back.state) =>
      callEndpoint(k.t.app, postGoogleConnectCallback, { body: { code: back.code, state }, as });
    const stranger = await signUpUser(k.t.app);
    const foreign = await finish(stranger);
    expect(foreign.status).toBe(401);
    expect(foreign.error().msg).toBe(
      'This Google connection was started by another account. Please start again.',
    );
    const forged = `${back.state.slice(0, -2)}${back.state.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await finish(owner, forged)).error().msg).toBe(
      'This Google connection link is not valid. Please start again.',
    );
    const tokenCalls = k.google.count('token');
    // Neither spent it: the owner still finishes, once.
    expect((await finish(owner)).ok().service).toBe('gsc');
    const replay = await finish(owner);
    expect(replay.error().msg).toBe('This Google connection link was already used. Please start again.');
    expect(k.google.count('token')).toBe(tokenCalls + 1);
  });

  it('metadata answers the spec shapes (ga accountSummaries, gsc siteEntry); choosing a property checks it with Google and queues a backfill', async () => {
    const owner = await signUpUser(k.t.app);
    const person = googlePerson();
    (await bind(k, owner, { service_type: 'ga' }, person)).ok();
    (await bind(k, owner, { service_type: 'gsc' }, person)).ok();
    const meta = (await callEndpoint(k.t.app, getIntegMetadata, { query: {}, as: owner })).ok();
    expect(meta.gads).toBeNull();
    expect(meta.gsc?.values.siteEntry).toEqual([
      { siteUrl: 'sc-domain:demo-store.example', permissionLevel: 'siteOwner' },
      { siteUrl: 'https://blog.demo-store.example/', permissionLevel: 'siteFullUser' },
    ]);
    expect(meta.ga?.selected).toBeNull();
    expect(meta.ga?.values.accountSummaries[0]).toEqual({
      name: 'accountSummaries/2000001',
      account: 'accounts/2000001',
      displayName: 'Demo Store',
      propertySummaries: [
        {
          property: DEMO_GA_PROPERTY,
          displayName: 'Demo Store (GA4)',
          propertyType: 'PROPERTY_TYPE_ORDINARY',
          parent: 'accounts/2000001',
        },
        {
          property: 'properties/100000002',
          displayName: 'Demo Store - staging',
          propertyType: 'PROPERTY_TYPE_ORDINARY',
          parent: 'accounts/2000001',
        },
      ],
    });

    const wrong = await callEndpoint(k.t.app, putIntegMetadataSelected, {
      body: { platform: 'ga', selected: { property: 'properties/999' } },
      as: owner,
    });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.error().fields ?? {})).toEqual(['selected.property']);

    const chosen = await callEndpoint(k.t.app, putIntegMetadataSelected, {
      body: { platform: 'ga', selected: { property: DEMO_GA_PROPERTY } },
      as: owner,
    });
    expect(chosen.ok()).toMatchObject({
      service: 'ga',
      selected: { id: DEMO_GA_PROPERTY, name: 'Demo Store (GA4)' },
      sync: { status: 'queued', phase: 'backfill', progress: 0 },
    });
    const after = (
      await callEndpoint(k.t.app, getIntegMetadata, { query: { platform: 'ga' }, as: owner })
    ).ok();
    expect(after.gsc).toBeNull();
    expect(after.ga?.selected).toEqual({
      displayName: 'Demo Store',
      propertyDisplayName: 'Demo Store (GA4)',
      property: DEMO_GA_PROPERTY,
      propertyType: 'PROPERTY_TYPE_ORDINARY',
      parent: 'accounts/2000001',
    });
    const site = await callEndpoint(k.t.app, putIntegMetadataSelected, {
      body: { platform: 'gsc', selected: { siteUrl: 'sc-domain:demo-store.example' } },
      as: owner,
    });
    expect(site.ok().selected).toEqual({
      id: 'sc-domain:demo-store.example',
      name: 'sc-domain:demo-store.example',
    });
  });

  it('only the data owner (the team owner) binds, revokes, reads metadata and chooses; a member sees who the owner is', async () => {
    const owner = await signUpUser(k.t.app);
    const teamId = await teamOf(owner);
    (await bind(k, owner, { service_type: 'ga' }, googlePerson())).ok();
    const member = await signUpUser(k.t.app);
    await k.t.platform.db.insert(teamMembers).values({ teamId, userId: member.userId, role: 'admin' });

    const info = (await boundInfo(member, { team_id: teamId })).ok();
    expect(info.requestor_user_id).toBe(member.userId);
    expect(info.data_owner_user_id).toBe(owner.userId);
    expect(info.platforms.google?.services).toEqual(['ga']);

    const refusals = [
      await callEndpoint(k.t.app, postGoogleConnectCreate, {
        body: { service_type: 'gsc', team_id: teamId },
        as: member,
      }),
      await callEndpoint(k.t.app, postGoogleRevoke, {
        body: { service_types: '["ga"]', team_id: teamId },
        as: member,
      }),
      await callEndpoint(k.t.app, getIntegMetadata, { query: { team_id: teamId }, as: member }),
      await callEndpoint(k.t.app, putIntegMetadataSelected, {
        body: { platform: 'ga', selected: { property: DEMO_GA_PROPERTY }, team_id: teamId },
        as: member,
      }),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(403);
      expect(refused.error().msg).toBe(
        "Only the team's owner (the data owner) may bind, revoke or choose Google data",
      );
    }
    expect((await boundInfo(owner)).ok().platforms.google?.services).toEqual(['ga']);
    const status = (
      await callEndpoint(k.t.app, getConnectorsStatus, { query: { team_id: teamId }, as: member })
    ).ok();
    expect(status.is_data_owner).toBe(false);
  });

  it('a project scopes its own bindings inside the team; the team owner is its data owner; a stranger gets NOT_FOUND', async () => {
    const owner = await signUpUser(k.t.app);
    const project = (await callEndpoint(k.t.app, createProject, { body: { name: 'Launch' }, as: owner })).ok()
      .project;
    const res = await bind(k, owner, { service_type: 'gsc', project_id: project.id }, googlePerson());
    expect(res.ok()).toMatchObject({ project_id: project.id, team_id: project.team_id });
    expect((await boundInfo(owner, { project_id: project.id })).ok().platforms.google?.services).toEqual([
      'gsc',
    ]);
    expect((await boundInfo(owner)).ok().platforms.google?.services).toEqual([]);
    const status = (
      await callEndpoint(k.t.app, getConnectorsStatus, { query: { project_id: project.id }, as: owner })
    ).ok();
    expect(status).toMatchObject({ project_id: project.id, is_data_owner: true });
    const stranger = await signUpUser(k.t.app);
    expect((await boundInfo(stranger, { project_id: project.id })).status).toBe(404);
    const revoke = await callEndpoint(k.t.app, postGoogleRevoke, {
      body: { service_types: ['gsc'], project_id: project.id },
      as: stranger,
    });
    expect(revoke.status).toBe(404);
    expect(
      (
        await callEndpoint(k.t.app, postGoogleRevoke, {
          body: { service_types: ['gsc'], project_id: project.id },
          as: owner,
        })
      ).ok(),
    ).toEqual({
      revoked: ['gsc'],
    });
  });

  it("another team's bindings are NOT_FOUND: it can neither see nor revoke them", async () => {
    const owner = await signUpUser(k.t.app);
    const teamId = await teamOf(owner);
    (await bind(k, owner, { service_type: 'ga' }, googlePerson())).ok();
    const other = await signUpUser(k.t.app);
    for (const call of [
      await boundInfo(other, { team_id: teamId }),
      await callEndpoint(k.t.app, postGoogleRevoke, {
        body: { service_types: ['ga'], team_id: teamId },
        as: other,
      }),
      await callEndpoint(k.t.app, getConnectorsStatus, { query: { team_id: teamId }, as: other }),
      await callEndpoint(k.t.app, postConnectorSync, { body: { service: 'ga', team_id: teamId }, as: other }),
      await callEndpoint(k.t.app, getIntegMetadata, { query: { project_id: 'no-such-project' }, as: other }),
    ]) {
      expect(call.status).toBe(404);
    }
    expect(await bindingRow(teamId, 'ga')).toBeTruthy();
  });

  it('Google Ads is refused while gads_enable is off; once an admin turns it on (recorded) it binds and offers manager and child customers', async () => {
    const owner = await signUpUser(k.t.app);
    const refused = await callEndpoint(k.t.app, postGoogleConnectCreate, {
      body: { service_type: 'gads' },
      as: owner,
    });
    expect(refused.status).toBe(409);
    expect(refused.error().msg).toBe('Google Ads is not offered on this server (gads_enable is off)');
    const status = (await callEndpoint(k.t.app, getConnectorsStatus, { query: {}, as: owner })).ok();
    expect(status.gads_enable).toBe(false);
    expect(status.services.find((s) => s.service === 'gads')).toMatchObject({ available: false });

    const on = await callEndpoint(k.t.app, putDynamicConfig, {
      params: { key: 'gads_enable' },
      body: { value: true },
      as: admin,
    });
    expect(on.ok()).toMatchObject({ key: 'gads_enable', value: true, default_value: false });
    const [record] = await k.t.platform.db
      .select()
      .from(operationRecords)
      .where(eq(operationRecords.targetId, 'gads_enable'));
    expect(record).toMatchObject({
      action: 'dynamic_config.save',
      result: 'success',
      after: { value: true },
    });
    // Every client hears of it at start (spec section 3, global config).
    const infos = (await callEndpoint(k.t.app, getBasicInfos, { as: owner })).ok();
    expect(infos.global_config.gads_enable).toBe(true);

    (await bind(k, owner, { service_type: 'gads' }, googlePerson())).ok();
    const meta = (
      await callEndpoint(k.t.app, getIntegMetadata, { query: { platform: 'gads' }, as: owner })
    ).ok();
    expect(meta.gads?.values).toEqual([
      {
        id: DEMO_ADS_MANAGER,
        name: 'Demo Agency (manager)',
        manager: true,
        children: [
          { id: DEMO_ADS_CUSTOMER, name: 'Demo Store Ads', manager: false },
          { id: '5550001111', name: 'Demo Store Brand Ads', manager: false },
        ],
      },
      { id: '4440002222', name: 'Side Project Ads', manager: false, children: [] },
    ]);
    const badHierarchy = await callEndpoint(k.t.app, putIntegMetadataSelected, {
      body: { platform: 'gads', selected: { customer_hierarchy: [DEMO_ADS_MANAGER, '4440002222'] } },
      as: owner,
    });
    expect(Object.keys(badHierarchy.error().fields ?? {})).toEqual(['selected.customer_hierarchy']);
    const chosen = await callEndpoint(k.t.app, putIntegMetadataSelected, {
      body: { platform: 'gads', selected: { customer_hierarchy: [DEMO_ADS_MANAGER, DEMO_ADS_CUSTOMER] } },
      as: owner,
    });
    expect(chosen.ok().selected).toEqual({ id: DEMO_ADS_CUSTOMER, name: 'Demo Store Ads' });

    await callEndpoint(k.t.app, putDynamicConfig, {
      params: { key: 'gads_enable' },
      body: { value: false },
      as: admin,
    });
    const off = await callEndpoint(k.t.app, getIntegMetadata, { query: {}, as: owner });
    expect(off.ok().gads).toBeNull();
    const list = (await callEndpoint(k.t.app, listDynamicConfigs, { as: admin })).ok();
    expect(list.items.find((i) => i.key === 'gads_enable')).toMatchObject({
      value: false,
      updated_by: expect.any(String),
    });
  });

  it('an access token near its expiry is refreshed once before use and stored sealed', async () => {
    const owner = await signUpUser(k.t.app);
    const teamId = await teamOf(owner);
    (await bind(k, owner, { service_type: 'gsc' }, googlePerson())).ok();
    const before = await bindingRow(teamId, 'gsc');
    await k.t.platform.db
      .update(googleBindings)
      .set({ accessExpiresAt: new Date(Date.now() + 60_000) })
      .where(eq(googleBindings.teamId, teamId));
    const refreshes = k.google.count('refresh');
    expect(
      (await callEndpoint(k.t.app, getIntegMetadata, { query: {}, as: owner })).ok().gsc?.error,
    ).toBeNull();
    expect(k.google.count('refresh')).toBe(refreshes + 1);
    const after = await bindingRow(teamId, 'gsc');
    expect(after?.sealedTokens).not.toBe(before?.sealedTokens);
    expect(after?.accessExpiresAt.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    await callEndpoint(k.t.app, getIntegMetadata, { query: {}, as: owner });
    expect(k.google.count('refresh')).toBe(refreshes + 1);
  });

  it('a dead refresh token turns the binding into needs-reconnect and tells the owner once in the inbox; reconnecting with the same account restores it', async () => {
    const owner = await signUpUser(k.t.app);
    const teamId = await teamOf(owner);
    const person = googlePerson({ email: 'ada.reconnect@gmail.example', name: 'Ada Reconnect' });
    (await bind(k, owner, { service_type: 'ga' }, person)).ok();
    // The user removed the app from their Google account; the hour of the access token is over.
    k.google.revokeGrant(person.sub, CLIENT.clientId);
    k.google.expireAccessTokens();
    await k.t.platform.db
      .update(googleBindings)
      .set({ accessExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(googleBindings.teamId, teamId));

    const meta = (await callEndpoint(k.t.app, getIntegMetadata, { query: {}, as: owner })).ok();
    expect(meta.ga?.error).toBe('Google no longer accepts this connection: reconnect it');
    const info = (await boundInfo(owner)).ok();
    expect(info.platforms.google?.payload.ga?.needs_reconnect).toBe(true);
    const status = (await callEndpoint(k.t.app, getConnectorsStatus, { query: {}, as: owner })).ok();
    expect(status.services.find((s) => s.service === 'ga')).toMatchObject({
      needs_reconnect: true,
      last_error: { message: expect.stringContaining('invalid_grant') },
    });
    await callEndpoint(k.t.app, getIntegMetadata, { query: {}, as: owner });
    const inbox = (await callEndpoint(k.t.app, listInboxMessages, { query: {}, as: owner })).ok();
    const notices = inbox.items.filter((m) => m.title === 'Reconnect Google Analytics 4');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.body).toContain('ada.reconnect@gmail.example');
    expect(notices[0]?.level).toBe('warning');

    const syncRefused = await callEndpoint(k.t.app, postConnectorSync, {
      body: { service: 'ga' },
      as: owner,
    });
    expect(syncRefused.status).toBe(409);

    const stranger = googlePerson();
    const wrong = await bind(k, owner, { service_type: 'ga', type: 'reconnect' }, stranger);
    expect(wrong.status).toBe(409);
    expect(wrong.error().msg).toBe(
      'Reconnect with the same Google account (ada.reconnect@gmail.example), or revoke and bind the other one',
    );
    const again = await bind(k, owner, { service_type: 'ga', type: 'reconnect' }, person);
    expect(again.ok()).toMatchObject({ type: 'reconnect', service: 'ga' });
    expect((await boundInfo(owner)).ok().platforms.google?.payload.ga?.needs_reconnect).toBe(false);
    expect(
      (await callEndpoint(k.t.app, getIntegMetadata, { query: {}, as: owner })).ok().ga?.error,
    ).toBeNull();
  });

  it('revoke reaches Google and deletes the tokens; a grant another binding still uses is kept at Google', async () => {
    const owner = await signUpUser(k.t.app);
    const teamId = await teamOf(owner);
    const person = googlePerson();
    (await bind(k, owner, { service_type: 'ga' }, person)).ok();
    (await bind(k, owner, { service_type: 'gsc' }, person)).ok();
    const once = await callEndpoint(k.t.app, postGoogleRevoke, {
      body: { service_types: '["ga"]' },
      as: owner,
    });
    expect(once.ok()).toEqual({ revoked: ['ga'] });
    // Google ends every token of a grant at once: the Search Console binding still needs it.
    expect(k.google.grantAlive(person.sub, CLIENT.clientId)).toBe(true);
    expect(await bindingRow(teamId, 'ga')).toBeUndefined();

    const revokes = k.google.count('revoke');
    const both = await callEndpoint(k.t.app, postGoogleRevoke, {
      body: { service_types: ['gsc', 'ga'] },
      as: owner,
    });
    expect(both.ok()).toEqual({ revoked: ['gsc'] });
    expect(k.google.count('revoke')).toBe(revokes + 1);
    expect(k.google.grantAlive(person.sub, CLIENT.clientId)).toBe(false);
    expect(await bindingRow(teamId, 'gsc')).toBeUndefined();
    expect((await boundInfo(owner)).ok().platforms.google).toEqual({
      is_bound: false,
      services: [],
      payload: {},
    });
  });

  it('admin variants bind into any team and revoke any binding, each with an operation record', async () => {
    const owner = await signUpUser(k.t.app);
    const teamId = await teamOf(owner);
    const res = await bind(
      k,
      admin,
      { service_type: 'gsc', team_id: teamId },
      googlePerson({ name: 'Platform Account' }),
      { admin: true },
    );
    expect(res.ok()).toMatchObject({
      admin: true,
      team_id: teamId,
      callback_route: '/admin/integ-3rd-platform/platforms',
    });
    expect((await boundInfo(owner)).ok().platforms.google?.payload.gsc?.name).toBe('Platform Account');
    const seen = await callEndpoint(k.t.app, getAdminBoundAccountInfo, {
      query: { platforms: '["google"]', team_id: teamId },
      as: admin,
    });
    expect(seen.ok().data_owner_user_id).toBe(owner.userId);
    const listed = (
      await callEndpoint(k.t.app, listAdminBindings, { query: { q: owner.email.split('@')[0] }, as: admin })
    ).ok();
    expect(listed.items).toEqual([]);
    const byTeam = (
      await callEndpoint(k.t.app, listAdminBindings, {
        query: { filters: JSON.stringify([{ field: 'service', operator: 'eq', value: 'gsc' }]) },
        as: admin,
      })
    ).ok();
    expect(byTeam.items.some((b) => b.team_id === teamId && b.account_name === 'Platform Account')).toBe(
      true,
    );

    const revoked = await callEndpoint(k.t.app, postAdminGoogleRevoke, {
      body: { service_types: ['gsc'], team_id: teamId },
      as: admin,
    });
    expect(revoked.ok()).toEqual({ revoked: ['gsc'] });
    const records = await k.t.platform.db
      .select()
      .from(operationRecords)
      .where(eq(operationRecords.targetId, teamId));
    expect(records.map((r) => [r.action, r.result])).toEqual(
      expect.arrayContaining([
        ['google.connect.create', 'success'],
        ['google.connect.finish', 'success'],
        ['google.revoke', 'success'],
      ]),
    );
    const user = await signUpUser(k.t.app);
    const forbidden = await callEndpoint(k.t.app, postAdminGoogleRevoke, {
      body: { service_types: ['gsc'], team_id: teamId },
      as: user,
    });
    expect(forbidden.status).toBe(403);
  });

  it('admin pages: platforms with configuration, switch, scopes and teams bound; interfaces with calls, errors, latency and quota; the call log never holds a token or a code', async () => {
    const owner = await signUpUser(k.t.app);
    (await bind(k, owner, { service_type: 'ga' }, googlePerson())).ok();
    k.google.inject('accountSummaries', 'quota');
    const quota = (await callEndpoint(k.t.app, getIntegMetadata, { query: {}, as: owner })).ok();
    expect(quota.ga?.error).toContain('RESOURCE_EXHAUSTED');

    const platforms = (await callEndpoint(k.t.app, listIntegPlatforms, { as: admin })).ok();
    const ga = platforms.items.find((p) => p.platform === 'ga');
    expect(ga).toMatchObject({
      provider: 'google',
      configured: true,
      enabled: true,
      enabled_key: 'google_ga_enable',
      scopes: expect.arrayContaining(['https://www.googleapis.com/auth/analytics.readonly']),
    });
    expect(ga?.teams_bound).toBeGreaterThan(0);
    const gads = platforms.items.find((p) => p.platform === 'gads');
    expect(gads?.configuration.map((c) => [c.key, c.present])).toEqual([
      ['client_id', true],
      ['client_secret', true],
      ['ads_developer_token', true],
    ]);
    const off = await callEndpoint(k.t.app, putIntegPlatformEnabled, {
      params: { platform: 'gsc' },
      body: { enabled: false },
      as: admin,
    });
    expect(off.ok()).toMatchObject({ platform: 'gsc', enabled: false });
    const refused = await callEndpoint(k.t.app, postGoogleConnectCreate, {
      body: { service_type: 'gsc' },
      as: owner,
    });
    expect(refused.error().msg).toBe('An admin has switched Google Search Console off');
    await callEndpoint(k.t.app, putIntegPlatformEnabled, {
      params: { platform: 'gsc' },
      body: { enabled: true },
      as: admin,
    });

    const stats = (await callEndpoint(k.t.app, getIntegInterfaces, { query: { days: 1 }, as: admin })).ok();
    expect(stats.bucket).toBe('hour');
    const summaries = stats.items.find((i) => i.api === 'analytics_admin.account_summaries');
    expect(summaries?.calls).toBeGreaterThan(0);
    expect(summaries?.quota_errors).toBeGreaterThan(0);
    expect(summaries?.series.reduce((n, p) => n + p.calls, 0)).toBe(summaries?.calls);
    const token = stats.items.find((i) => i.api === 'oauth.token');
    expect(token?.calls).toBeGreaterThan(0);
    expect(token?.p95_latency_ms).not.toBeNull();

    const log = (
      await callEndpoint(k.t.app, listExternalCalls, {
        query: { page_size: 100, sort: '-created_at' },
        as: admin,
      })
    ).ok();
    expect(
      log.items.some(
        (c) => c.outcome === 'quota' && c.error_code === 'RESOURCE_EXHAUSTED' && c.status === 429,
      ),
    ).toBe(true);
    const text = JSON.stringify(log);
    expect(text).not.toMatch(/ya29\.|1\/\/0|4\/0|code_verifier|refresh_token/);
    expect(log.items.every((c) => !c.path.includes('?'))).toBe(true);
  });

  it('bad input is a VALIDATION_ERROR naming the field and changes nothing', async () => {
    const owner = await signUpUser(k.t.app);
    const cases = [
      [
        await callEndpoint(k.t.app, postGoogleRevoke, { body: { service_types: 'ga' }, as: owner }),
        'service_types',
      ],
      [
        await boundInfo(owner).then(() =>
          callEndpoint(k.t.app, getBoundAccountInfo, { query: { platforms: '[google' }, as: owner }),
        ),
        'platforms',
      ],
      [
        await callEndpoint(k.t.app, postGoogleConnectCreate, {
          body: { service_type: 'ga', callback_route: 'https://evil.example/' },
          as: owner,
        }),
        'callback_route',
      ],
      [
        await callEndpoint(k.t.app, postGoogleConnectCreate, {
          body: { service_type: 'bing' as 'ga' },
          as: owner,
        }),
        'service_type',
      ],
    ] as const;
    for (const [res, field] of cases) {
      expect(res.status, field).toBe(400);
      expect(Object.keys(res.error().fields ?? {}), field).toEqual([field]);
    }
  });
});
