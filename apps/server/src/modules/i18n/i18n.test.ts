import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { postBabelText } from '@app/contract/i18n/babel-text';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18nMsgids, i18nTranslations } from '../../db/schema';
import { bumpVersion, readVersion } from '../../platform/versions';
import { callEndpoint, callEndpointRaw } from '../../test/call-endpoint';
import { createTestApp, type TestApp } from '../../test/test-app';
import { readSeedTranslations, seedI18n } from './i18n.seed';

describe(`${postBabelText.id}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the translations of the request language', async () => {
    const res = await callEndpoint(t.app, postBabelText, {
      headers: { 'accept-language': 'zh-CN' },
      body: { msgids: ['Not found'], source_lang: 'en_US', from: 'web' },
    });
    expect(res.ok()).toMatchObject({ loc: 'zh_CN', msgstrs: { 'Not found': '未找到' } });
    expect(res.ok().version).toBe(await readVersion(t.platform.db, 'translation'));
  });

  it('an empty msgids list answers every translation of that language', async () => {
    const res = await callEndpoint(t.app, postBabelText, {
      headers: { 'accept-language': 'fr_FR' },
      body: {},
    });
    const { msgstrs } = res.ok();
    expect(Object.keys(msgstrs).length).toBeGreaterThan(10);
    expect(msgstrs['Not found']).toBe('Introuvable');
  });

  it('registers msgids it has never seen so admins can translate them later', async () => {
    const msgid = `A brand new text ${Date.now()}`;
    await callEndpoint(t.app, postBabelText, { body: { msgids: [msgid, msgid], from: 'web' } });
    const rows = await t.platform.db.select().from(i18nMsgids).where(eq(i18nMsgids.msgid, msgid));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.from).toBe('web');
  });

  it('the version changes when a translation changes, and the new text is served', async () => {
    const before = await readVersion(t.platform.db, 'translation');
    await t.platform.db.transaction(async (tx) => {
      await tx
        .update(i18nTranslations)
        .set({ msgstr: '找不到' })
        .where(eq(i18nTranslations.msgid, 'Not found'));
      await bumpVersion(tx, 'translation');
    });
    t.platform.translator.invalidate();
    const res = await callEndpoint(t.app, postBabelText, {
      headers: { 'accept-language': 'zh_CN' },
      body: { msgids: ['Not found'] },
    });
    expect(res.ok().version).toBe(before + 1);
    expect(res.ok().msgstrs['Not found']).toBe('找不到');
  });

  it.each([
    ['msgids', { msgids: 'Not found' }],
    ['msgids.0', { msgids: [''] }],
    ['msgids', { msgids: Array.from({ length: 2001 }, (_, i) => `m${i}`) }],
    ['source_lang', { msgids: [], source_lang: 'xx_XX' }],
    ['from', { msgids: [], from: '' }],
  ])('bad input is a VALIDATION_ERROR naming %s and registers nothing', async (field, body) => {
    const before = await t.platform.db.select({ m: i18nMsgids.msgid }).from(i18nMsgids);
    // Bodies the contract refuses, sent on purpose.
    const res = await callEndpointRaw(t.app, postBabelText, { body });
    expect(res.status).toBe(400);
    expect(Object.keys(res.error().fields ?? {})).toContain(field);
    const after = await t.platform.db.select({ m: i18nMsgids.msgid }).from(i18nMsgids);
    expect(after.length).toBe(before.length);
  });

  it('seeding twice adds nothing and keeps the version', async () => {
    const before = await readVersion(t.platform.db, 'translation');
    await seedI18n(t.platform.db);
    expect(await readVersion(t.platform.db, 'translation')).toBe(before);
  });
});

describe('seed translation files', () => {
  it('translate a msgid one way per language, whichever area file holds it', () => {
    const byKey = new Map<string, Set<string>>();
    for (const row of readSeedTranslations()) {
      const key = `${row.loc}\u0000${row.msgid}`;
      byKey.set(key, (byKey.get(key) ?? new Set()).add(row.msgstr));
    }
    const conflicts = [...byKey]
      .filter(([, values]) => values.size > 1)
      .map(([key]) => key.replace('\u0000', ': '));
    expect(conflicts).toEqual([]);
  });

  it('reads <name>.<loc>.json for known languages only', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'seed-'));
    writeFileSync(path.join(dir, 'web.zh_CN.json'), JSON.stringify({ Hello: '你好', Empty: '' }));
    writeFileSync(path.join(dir, 'web.de_DE.json'), JSON.stringify({ Hello: 'Hallo' }));
    expect(readSeedTranslations(dir)).toEqual([{ msgid: 'Hello', loc: 'zh_CN', msgstr: '你好' }]);
  });

  it('every shipped language file translates the same msgids', () => {
    // Plural forms (`<msgid>_one`) are a language's own: French has a singular, Chinese none
    // (plurals.test.ts holds each language to the forms it has).
    const rows = readSeedTranslations().filter((row) => !/_(zero|one|two|few|many|other)$/.test(row.msgid));
    const byLoc = new Map<string, Set<string>>();
    for (const row of rows) byLoc.set(row.loc, (byLoc.get(row.loc) ?? new Set()).add(row.msgid));
    const zh = [...(byLoc.get('zh_CN') ?? [])].sort();
    expect(zh.length).toBeGreaterThan(0);
    expect([...(byLoc.get('zh_HK') ?? [])].sort()).toEqual(zh);
    expect([...(byLoc.get('fr_FR') ?? [])].sort()).toEqual(zh);
  });
});
