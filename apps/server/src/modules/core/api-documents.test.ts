import SwaggerParser from '@apidevtools/swagger-parser';
import { getApiDocument, operationIdOf } from '@app/contract/core/api-docs';
import { isPermissionCode } from '@app/contract/permission-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpointRaw } from '../../test/call-endpoint';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';

type Doc = {
  paths: Record<string, Record<string, { operationId?: string; security?: unknown }>>;
  components: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
};

/**
 * Issue 28 item 7: the docs page's documents. The Open API (endpoints marked `openApi`) is
 * anyone's to read and names the token and client key a call sends; the whole API is staff's.
 */
describe('the API documents', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const read = async (type: 'open' | 'all', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/openapi/${type}`, headers });

  it('the Open API holds exactly the endpoints marked openApi, each asking for a REST token and the client key', async () => {
    const res = await read('open');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const doc = res.json() as Doc;
    const marked = t.platform.registry.all().filter((endpoint) => endpoint.openApi);
    expect(marked.length).toBeGreaterThan(0);
    // `true` on an endpoint that asks for a permission code (the token's scope is that code), a team
    // scope on one any signed-in user may call: never a public endpoint, never one without a scope.
    for (const endpoint of marked) {
      if (endpoint.openApi === true) expect(isPermissionCode(endpoint.permission), endpoint.id).toBe(true);
      else expect(endpoint.permission, endpoint.id).toBe('signed_in');
    }
    const listed = Object.entries(doc.paths).flatMap(([, operations]) => Object.values(operations));
    expect(listed.map((operation) => operation.operationId).sort()).toEqual(
      marked.map((endpoint) => operationIdOf(endpoint.method, endpoint.path)).sort(),
    );
    for (const operation of listed) expect(operation.security).toEqual([{ restToken: [], clientKey: [] }]);
    expect(doc.components.securitySchemes).toMatchObject({
      restToken: { type: 'http', scheme: 'bearer' },
      clientKey: { type: 'apiKey', in: 'header', name: 'x-client-key' },
    });
    // Valid on its own: every schema it refers to came along, and no other.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    const whole = (await read('all', (await signInAdmin(t.app)).auth)).json() as Doc;
    expect(Object.keys(doc.components.schemas ?? {}).length).toBeLessThan(
      Object.keys(whole.components.schemas ?? {}).length,
    );
  });

  it('the whole API is staff only: BEARER_TOKEN_ERROR signed out, FORBIDDEN for a customer, here for an admin', async () => {
    const out = await callEndpointRaw(t.app, getApiDocument, { params: { type: 'all' } });
    expect(out.status).toBe(401);
    expect(out.error()).toMatchObject({ error_code: 'BEARER_TOKEN_ERROR' });
    const customer = await signUpUser(t.app);
    const refused = await read('all', customer.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error_code: 'FORBIDDEN' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: customer.auth })).statusCode,
    ).toBe(403);

    const whole = (await read('all', (await signInAdmin(t.app)).auth)).json() as Doc;
    const ids = Object.values(whole.paths).flatMap((operations) =>
      Object.values(operations).map((operation) => operation.operationId),
    );
    expect(ids).toHaveLength(t.platform.registry.all().length);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain(operationIdOf('GET', '/api/user/basic-infos'));
  });

  it('an unknown document type names the field', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi/internal' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error_code: 'VALIDATION_ERROR',
      fields: { type: 'Choose open or all' },
    });
  });
});
