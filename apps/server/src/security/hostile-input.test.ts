import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { uploadBrandLogo } from '@app/contract/account/brand/brand';
import { postProfileAvatar } from '@app/contract/account/profile/avatar';
import { patchProfile } from '@app/contract/account/profile/profile';
import { getProject } from '@app/contract/account/projects/projects';
import { getViewSettings, putViewSettings } from '@app/contract/account/view-settings';
import { registerEditing } from '@app/contract/admin/editing/register';
import { listServerErrors } from '@app/contract/admin/logs/list-server-errors';
import { listAdminUsers } from '@app/contract/admin/users/list-users';
import { getHealthy } from '@app/contract/core/healthy';
import type { Endpoint } from '@app/contract/define-endpoint';
import { subscribeAdminEditing } from '@app/contract/events/subscriber';
import { uploadStorageFiles } from '@app/contract/storage/files';
import { listStorageFolders } from '@app/contract/storage/folders';
import { getBasicInfos } from '@app/contract/user/get-basic-infos';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Call, type Caller, callEndpoint, callEndpointRaw, endpointUrl } from '../test/call-endpoint';
import { uploadThrough } from '../test/multipart';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../test/test-app';

/**
 * The defects a hostile review found (issue 9), each kept fixed: input the database cannot store,
 * numbers a column cannot hold, broken uploads, requests the router or HTTP parser refuse, the
 * order 401 before 403 before 400, and the auth library's own routes.
 */
describe('hostile input', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof signUpUser>>;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    user = await signUpUser(t.app);
    admin = await signInAdmin(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  const expectEnvelope = (body: string, status: number, code: string) => {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    expect(parsed).toMatchObject({ error_code: code });
    expect(typeof parsed.msg).toBe('string');
    expect(typeof parsed.req_id).toBe('string');
    expect(status).toBeGreaterThanOrEqual(400);
  };

  it('U+0000 and lone surrogates anywhere (body, path, query, inside JSON parameters) are a VALIDATION_ERROR naming the field', async () => {
    // Each is text a client can send (the contract takes any string); the edge must refuse it.
    const cases: [string, string, () => Promise<Call<Endpoint>>][] = [
      [
        'body',
        'username',
        () => callEndpoint(t.app, patchProfile, { as: user, body: { username: 'a\u0000b' } }),
      ],
      [
        'body',
        'username',
        () => callEndpoint(t.app, patchProfile, { as: user, body: { username: 'x\uD83D' } }),
      ],
      ['path', 'id', () => callEndpoint(t.app, getProject, { as: user, params: { id: '\u0000' } })],
      ['query', 'q', () => callEndpoint(t.app, listAdminUsers, { as: admin, query: { q: 'a\u0000b' } })],
      [
        'JSON parameter',
        'filters.0.value',
        () =>
          callEndpoint(t.app, listAdminUsers, {
            as: admin,
            query: { filters: JSON.stringify([{ field: 'username', operator: 'eq', value: 'a\u0000' }]) },
          }),
      ],
    ];
    for (const [where, field, send] of cases) {
      const res = await send();
      expect([where, res.status, res.error().fields]).toEqual([
        where,
        400,
        { [field]: 'Contains a character that is not allowed' },
      ]);
    }
    const me = (await callEndpoint(t.app, getBasicInfos, { as: user })).ok();
    expect(me.username).not.toContain('\u0000');
  });

  it('a NUL nested at any depth is refused: 70 levels inside view-settings values is a VALIDATION_ERROR and nothing is stored', async () => {
    let values: Record<string, unknown> = { leaf: 'a\u0000b' };
    for (let level = 0; level < 70; level += 1) values = { deeper: values };
    const route = '/hostile/deep';
    const refused = await callEndpoint(t.app, putViewSettings, {
      as: user,
      body: { route, type: 'columns', values },
    });
    expect(refused.status).toBe(400);
    const fields = refused.error().fields ?? {};
    expect(Object.keys(fields)).toEqual([`values.${'deeper.'.repeat(70)}leaf`]);
    const stored = (
      await callEndpoint(t.app, getViewSettings, { as: user, query: { route, type: 'columns' } })
    ).ok();
    expect(stored.values).toEqual({});
    // The same depth without the NUL is stored: depth alone is not refused.
    values = { leaf: 'ab' };
    for (let level = 0; level < 70; level += 1) values = { deeper: values };
    (await callEndpoint(t.app, putViewSettings, { as: user, body: { route, type: 'columns', values } })).ok();
  });

  it('multipart text fields meet the same rule: a NUL in folder or folder_id is a VALIDATION_ERROR naming it, and no folder is made', async () => {
    const file = { name: 'a.txt', content: Buffer.from('hello'), type: 'text/plain' };
    for (const field of ['folder', 'folder_id']) {
      const res = await uploadThrough(t.app, uploadStorageFiles, {
        as: user,
        files: [file],
        fields: { [field]: 'reports\u0000x' },
      });
      expect([field, res.status, res.error().fields]).toEqual([
        field,
        400,
        { [field]: 'Contains a character that is not allowed' },
      ]);
    }
    const folders = (await callEndpoint(t.app, listStorageFolders, { as: user })).ok();
    expect(folders.folders).toEqual([]);
  });

  it('a number filter is checked against its column: 1.5 and 1e308 on a whole-number field name filters', async () => {
    const statusFilter = (value: number | string) =>
      callEndpoint(t.app, listServerErrors, {
        as: admin,
        query: { filters: JSON.stringify([{ field: 'status', operator: 'gte', value }]) },
      });
    for (const value of [1.5, '1e308', '99999999999']) {
      const res = await statusFilter(value);
      expect([value, res.status, Object.keys(res.error().fields ?? {})]).toEqual([value, 400, ['filters']]);
    }
    expect((await statusFilter(500)).status).toBe(200);
  });

  it('a truncated or malformed multipart upload is a 400 naming the file field, for the avatar and the logo', async () => {
    const boundary = 'hostile';
    const whole = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
      Buffer.alloc(64),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    // Raw bytes on purpose (a cut-off or broken form); the paths come from the contracts.
    for (const url of [endpointUrl(postProfileAvatar, {}), endpointUrl(uploadBrandLogo, {})]) {
      for (const body of [
        whole.subarray(0, 40),
        whole.subarray(0, whole.length - 10),
        Buffer.from('garbage'),
      ]) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...user.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
          payload: body,
        });
        expect([url, res.statusCode, res.json().error_code]).toEqual([url, 400, 'VALIDATION_ERROR']);
      }
    }
  });

  it('requests refused before any route answer in the envelope, with the right status, never echoing the request', async () => {
    // Raw transport on purpose: an over-long URL, a broken encoding, an oversized body and a
    // request that is not HTTP reach no route, so they are sent as bytes, not through a contract.
    const long = 'a'.repeat(5000);
    const tooLong = await t.app.inject({
      url: endpointUrl(getProject, { params: { id: long } }),
      headers: user.auth,
    });
    expect(tooLong.statusCode).toBe(414);
    expectEnvelope(tooLong.body, tooLong.statusCode, 'VALIDATION_ERROR');
    expect(tooLong.body).not.toContain(long.slice(0, 100));

    const badUrl = await t.app.inject({ url: '/api/account/projects/%FF%FE', headers: user.auth });
    expect(badUrl.statusCode).toBe(400);
    expectEnvelope(badUrl.body, badUrl.statusCode, 'VALIDATION_ERROR');
    expect(badUrl.body).not.toContain('%FF');

    const big = await t.app.inject({
      method: 'PATCH',
      url: endpointUrl(patchProfile, {}),
      headers: { ...user.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(5 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expectEnvelope(big.body, big.statusCode, 'VALIDATION_ERROR');

    // A GET whose body has no length: its bytes become the start of a next "request" that is not HTTP.
    const raw = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () =>
        socket.write(`GET ${getHealthy.path} HTTP/1.1\r\nHost: x\r\n\r\n{"a":1}\r\n\r\n`),
      );
      let out = '';
      socket.on('data', (chunk) => {
        out += String(chunk);
      });
      socket.on('close', () => resolve(out));
      setTimeout(() => socket.destroy(), 2000);
    });
    // Node may refuse the whole buffer or answer the first request first; either way the refusal
    // is ours.
    const refused = raw.split(/(?=HTTP\/1\.1 )/).at(-1) ?? '';
    expect(refused).toMatch(/^HTTP\/1\.1 400/);
    expectEnvelope(refused.slice(refused.indexOf('\r\n\r\n') + 4), 400, 'VALIDATION_ERROR');
  });

  it('401 before 403 before 400: an admin-only body or stream is refused before anything of it is read', async () => {
    // Invalid inputs on purpose (an empty body, a timeout that is not a number).
    const register = (as: Caller | null) => callEndpointRaw(t.app, registerEditing, { as, body: {} });
    const anonymous = await register(null);
    expect([anonymous.status, anonymous.error().error_code]).toEqual([401, 'BEARER_TOKEN_ERROR']);
    const ordinary = await register(user);
    expect([ordinary.status, ordinary.error().error_code]).toEqual([403, 'FORBIDDEN']);
    const stream = await callEndpointRaw(t.app, subscribeAdminEditing, {
      as: user,
      query: { timeout: 'nonsense' },
    });
    expect([stream.status, stream.error().error_code]).toEqual([403, 'FORBIDDEN']);
    // An admin reaches validation.
    const asAdmin = await register(admin);
    expect([asAdmin.status, asAdmin.error().error_code]).toEqual([400, 'VALIDATION_ERROR']);
  });

  it("the auth library's own routes are not reachable: no answer carries a session token", async () => {
    // Literal paths on purpose: the auth library's own routes, which no contract names.
    for (const path of ['get-session', 'list-sessions', 'revoke-session', 'update-user', 'sign-in/social']) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await t.app.inject({
          method,
          url: `/api/auth/${path}`,
          headers: user.auth,
          ...(method === 'POST' ? { payload: {} } : {}),
        });
        expect([path, method, res.statusCode, res.json().error_code]).toEqual([
          path,
          method,
          404,
          'NOT_FOUND',
        ]);
        expect(res.body).not.toContain(user.token);
      }
    }
  });
});
