import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { getHealthy } from '@app/contract/core/healthy';
import { postBabelText } from '@app/contract/i18n/babel-text';
import { getBasicInfos } from '@app/contract/user/get-basic-infos';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverErrors } from '../../db/schema';
import { installSecurityHeaders } from '../../platform/security';
import { callEndpoint, endpointUrl } from '../../test/call-endpoint';
import { createTestApp, signInAdmin, type TestApp } from '../../test/test-app';

/*
 * Most calls here are transport on purpose and keep literal paths: an unknown /api path, a route
 * this test registers itself (/api/test/boom), a body that is not JSON, the SPA and its assets,
 * and /api/openapi.json, none of which has a contract.
 */

describe('core: health, errors, headers, OpenAPI', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'assets', 'app-1.js'), 'console.log(1)'.repeat(200));
    writeFileSync(
      path.join(webDist, 'assets', 'app-1.js.br'),
      brotliCompressSync('console.log(1)'.repeat(200)),
    );
    t = await createTestApp(
      { SERVE_WEB: 'true', WEB_DIST: webDist },
      {
        beforeReady: (app) => {
          app.get('/api/test/boom', async () => {
            throw new Error('secret internal detail');
          });
        },
      },
    );
  });
  afterAll(() => t.close());

  it(`${getHealthy.id} answers ok with a database round trip`, async () => {
    const res = await callEndpoint(t.app, getHealthy);
    expect(res.ok()).toMatchObject({ status: 'ok' });
  });

  it('every response carries x-request-id, errors included', async () => {
    const ok = await callEndpoint(t.app, getHealthy);
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(ok.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(missing.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      error_code: 'NOT_FOUND',
      msg: 'Not found',
      req_id: missing.headers['x-request-id'],
    });
  });

  it('an unexpected error answers SERVER_ERROR with a safe message and req_id, and records the stack', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.error_code).toBe('SERVER_ERROR');
    expect(body.msg).not.toContain('secret internal detail');
    expect(body.req_id).toBe(res.headers['x-request-id']);
    const [recorded] = await t.platform.db
      .select()
      .from(serverErrors)
      .where(eq(serverErrors.reqId, body.req_id));
    expect(recorded?.message).toBe('secret internal detail');
    expect(recorded?.stack).toContain('core.test.ts');
    expect(recorded?.route).toBe('/api/test/boom');
  });

  it('malformed JSON is a VALIDATION_ERROR, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: endpointUrl(postBabelText, {}),
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_code).toBe('VALIDATION_ERROR');
  });

  it('the SPA is served for client routes with a strict CSP (no inline scripts)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/chat/123?x=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it("the CSP lets Alipay's forms leave and its code page be framed (its hosts, and a configured gateway's origin)", async () => {
    const directive = (csp: string, name: string) =>
      csp
        .split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${name} `));
    const csp = String(
      (await t.app.inject({ method: 'GET', url: '/account/orders' })).headers['content-security-policy'],
    );
    expect(directive(csp, 'form-action')).toBe(
      "form-action 'self' https://*.alipay.com https://*.alipaydev.com",
    );
    expect(directive(csp, 'frame-src')).toContain('https://*.alipay.com https://*.alipaydev.com');
    // A stand-in's gateway (ALIPAY_GATEWAY): its origin too, on a bare app with the same headers.
    const bare = Fastify();
    await installSecurityHeaders(bare, { ...t.config, ALIPAY_GATEWAY: 'http://127.0.0.1:4050/gateway.do' });
    bare.get('/', async () => 'ok');
    try {
      const withGateway = String(
        (await bare.inject({ method: 'GET', url: '/' })).headers['content-security-policy'],
      );
      expect(directive(withGateway, 'form-action')).toContain('http://127.0.0.1:4050');
      expect(directive(withGateway, 'frame-src')).toContain('http://127.0.0.1:4050');
      expect(directive(withGateway, 'script-src')).toBe("script-src 'self'");
    } finally {
      await bare.close();
    }
  });

  it('hashed assets are sent precompressed when the browser accepts it, and cached for a year', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/app-1.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toContain('immutable');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)'.repeat(200));
  });

  it('a missing hashed asset is a 404, not the app shell', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/old-chunk.js' });
    expect(res.statusCode).toBe(404);
  });

  it('serves OpenAPI at /api/openapi.json with every contract endpoint', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: (await signInAdmin(t.app)).auth,
    });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, unknown>> };
    for (const endpoint of t.platform.registry.all()) {
      const openApiPath = endpoint.path.replace(/\{(\w+)\??\}/g, '{$1}');
      expect(doc.paths[openApiPath]?.[endpoint.method.toLowerCase()], endpoint.id).toBeDefined();
    }
    expect(doc.paths[getBasicInfos.path]?.get).toMatchObject({ security: [{ bearerAuth: [] }] });
  });

  it('every $ref in the OpenAPI document points at a schema the document holds (a recursive one is a component)', async () => {
    const doc = (
      await t.app.inject({
        method: 'GET',
        url: '/api/openapi.json',
        headers: (await signInAdmin(t.app)).auth,
      })
    ).json() as {
      components?: { schemas?: Record<string, unknown> };
    };
    const refs = new Set<string>();
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') {
        for (const [key, inner] of Object.entries(value)) {
          if (key === '$ref' && typeof inner === 'string') refs.add(inner);
          else walk(inner);
        }
      }
    };
    walk(doc);
    const dangling = [...refs].filter((ref) => {
      const name = /^#\/components\/schemas\/(.+)$/.exec(ref)?.[1];
      return !name || !(name in (doc.components?.schemas ?? {}));
    });
    expect(dangling).toEqual([]);
    // The folder tree (GET /api/account/storage/folders) refers to itself by name.
    expect(Object.keys(doc.components?.schemas ?? {})).toEqual(expect.arrayContaining(['FolderNode']));
  });
});

describe('core: health when the database is down', () => {
  it(`${getHealthy.id} answers 503 when the database cannot answer`, async () => {
    const t = await createTestApp();
    await t.platform.database.close();
    const res = await callEndpoint(t.app, getHealthy);
    expect(res.status).toBe(503);
    expect(res.error()).toMatchObject({ error_code: 'SERVER_ERROR' });
    await t.close();
  });
});
