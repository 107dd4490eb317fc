import SwaggerParser from '@apidevtools/swagger-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAdmin, type TestApp } from '../../test/test-app';

/**
 * Issue 28 item 6: the served `/api/openapi.json` is a valid OpenAPI document, as the tools a
 * partner would point at it see it: a validator (`@apidevtools/swagger-parser`, which resolves every
 * `$ref`) accepts it, and a client generator (`openapi-typescript`) makes TypeScript of it. Before,
 * the recursive folder tree referred to `#/components/schemas/schema0`, which the document lacked,
 * and both failed on it.
 */
describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: Record<string, unknown>;

  beforeAll(async () => {
    t = await createTestApp();
    const { auth } = await signInAdmin(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: auth });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t.close());

  it('is accepted by an OpenAPI validator, every reference resolved', async () => {
    // The validator dereferences in place: it gets a copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('generates a typed client whose source parses, with the folder tree as a named recursive type', async () => {
    const source = astToString(await openapiTS(structuredClone(doc) as never));
    const parsed = ts.transpileModule(source, { reportDiagnostics: true, compilerOptions: {} });
    expect(parsed.diagnostics ?? []).toEqual([]);
    expect(source).toContain('"/api/account/storage/folders"');
    // The tree's children are the tree again, by name.
    expect(source).toMatch(/FolderNode: \{[\s\S]*?sub_folders: components\["schemas"\]\["FolderNode"\]\[\]/);
  });
});
