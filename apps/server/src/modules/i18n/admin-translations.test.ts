import { saveForeignKey } from '@app/contract/admin/foreign-keys/foreign-keys';
import {
  createLanguage,
  deleteTranslation,
  exportTranslations,
  importTranslations,
  listLanguages,
  listTranslations,
  previewTranslationImport,
  saveTranslations,
  suggestTranslations,
  updateLanguage,
} from '@app/contract/i18n/admin-translations';
import { postBabelText } from '@app/contract/i18n/babel-text';
import { getBasicInfos } from '@app/contract/user/get-basic-infos';
import { po } from 'gettext-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readVersion } from '../../platform/versions';
import { type Caller, callEndpoint } from '../../test/call-endpoint';
import { uploadThrough } from '../../test/multipart';
import { type OpenAiStandIn, startOpenAiStandIn, textOf } from '../../test/openai-stand-in/openai-stand-in';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';
import { seedI18n } from './i18n.seed';

/**
 * The translations page (issue 28 item 3): every msgid against every language, edited in place,
 * exported and imported as JSON or PO, filled in by the chat's model for review; each save moves
 * the translation version, so `/api/babel/text` and open clients answer the new text.
 */
describe('admin translations', () => {
  let t: TestApp;
  let admin: Caller;
  let user: Caller;
  let openai: OpenAiStandIn;

  beforeAll(async () => {
    openai = await startOpenAiStandIn({ models: ['translator-model'] });
    t = await createTestApp();
    admin = await signInAdmin(t.app);
    user = await signUpUser(t.app);
  });
  afterAll(async () => {
    await t.close();
    await openai.close();
  });

  const babel = async (msgids: string[], lang: string) =>
    (
      await callEndpoint(t.app, postBabelText, {
        body: { msgids, source_lang: 'en_US', from: 'web' },
        headers: { 'accept-language': lang },
      })
    ).ok();

  const save = (cells: { msgid: string; loc: string; msgstr: string }[]) =>
    callEndpoint(t.app, saveTranslations, { as: admin, body: { cells } });

  it('an edit moves the translation version and /api/babel/text answers the new text; the seed keeps it', async () => {
    const msgid = 'Sign in';
    const before = await readVersion(t.platform.db, 'translation');
    const saved = (await save([{ msgid, loc: 'zh_CN', msgstr: '马上登录' }])).ok();
    expect(saved.version).toBe(before + 1);
    expect(await readVersion(t.platform.db, 'translation')).toBe(before + 1);
    const answer = await babel([msgid], 'zh-CN');
    expect(answer.version).toBe(before + 1);
    expect(answer.msgstrs[msgid]).toBe('马上登录');
    const infos = (await callEndpoint(t.app, getBasicInfos, { as: admin })).ok();
    expect(infos.latest_translation_version).toBe(before + 1);

    // The next start seeds only what is missing: the admin's text stays.
    await seedI18n(t.platform.db);
    t.platform.translator.invalidate();
    expect((await babel([msgid], 'zh-CN')).msgstrs[msgid]).toBe('马上登录');

    // Listed in the grid, found by its msgstr too.
    const page = (
      await callEndpoint(t.app, listTranslations, {
        as: admin,
        query: { q: '马上登录', page: 1, page_size: 20 },
      })
    ).ok();
    expect(page.items.map((item) => item.msgid)).toEqual([msgid]);
    expect(page.items[0]?.msgstrs.zh_CN).toBe('马上登录');
    expect(page.languages.map((language) => language.loc)).toContain('fr_FR');
  });

  it('lists missing only per language, and removes a translation', async () => {
    const msgid = `Only in French ${Date.now()}`;
    (await save([{ msgid, loc: 'fr_FR', msgstr: 'Seulement en français' }])).ok();
    const missing = async (loc: string) =>
      (
        await callEndpoint(t.app, listTranslations, {
          as: admin,
          query: { q: msgid, missing_only: 'true', loc, page: 1, page_size: 20 },
        })
      )
        .ok()
        .items.map((item) => item.msgid);
    expect(await missing('zh_CN')).toEqual([msgid]);
    expect(await missing('fr_FR')).toEqual([]);

    const deleted = (
      await callEndpoint(t.app, deleteTranslation, { as: admin, query: { msgid, loc: 'fr_FR' } })
    ).ok();
    expect(deleted.deleted).toBe(true);
    expect(await missing('fr_FR')).toEqual([msgid]);
  });

  it('refuses a cell of an unknown language, naming loc, and changes nothing', async () => {
    const before = await readVersion(t.platform.db, 'translation');
    const refused = (await save([{ msgid: 'Sign in', loc: 'xx_XX', msgstr: 'x' }])).error();
    expect(refused.error_code).toBe('VALIDATION_ERROR');
    expect(refused.fields?.loc).toBeTruthy();
    expect(await readVersion(t.platform.db, 'translation')).toBe(before);
  });

  it('exports JSON and PO that import back unchanged; an import previews, then applies', async () => {
    const msgid = `Round trip {{count}} <b>files</b> ${Date.now()}`;
    (await save([{ msgid, loc: 'zh_HK', msgstr: '往返 {{count}} <b>檔案</b>' }])).ok();

    const json = (
      await callEndpoint(t.app, exportTranslations, { as: admin, query: { format: 'json' } })
    ).ok();
    const parsed = JSON.parse(json.content) as Record<string, Record<string, string>>;
    expect(parsed.zh_HK?.[msgid]).toBe('往返 {{count}} <b>檔案</b>');
    const poFile = (
      await callEndpoint(t.app, exportTranslations, { as: admin, query: { format: 'po', loc: 'zh_HK' } })
    ).ok();
    expect(poFile.filename).toBe('translations.zh_HK.po');
    expect(po.parse(poFile.content).translations['']?.[msgid]?.msgstr).toEqual([
      '往返 {{count}} <b>檔案</b>',
    ]);

    const upload = (
      endpoint: typeof previewTranslationImport | typeof importTranslations,
      name: string,
      content: string,
      loc?: string,
    ) =>
      uploadThrough(t.app, endpoint, {
        as: admin,
        files: [{ field: 'file', name, content: Buffer.from(content), type: 'application/octet-stream' }],
        query: loc ? { loc } : {},
      });

    // Both files as exported: nothing new, nothing changed.
    const unchangedJson = (await upload(previewTranslationImport, 'all.json', json.content)).ok();
    expect(unchangedJson).toMatchObject({ new: 0, changed: 0 });
    expect(unchangedJson.unchanged).toBeGreaterThan(100);
    const unchangedPo = (await upload(previewTranslationImport, poFile.filename, poFile.content)).ok();
    expect(unchangedPo).toMatchObject({ new: 0, changed: 0 });

    // A PO file changing one text and adding another: previewed, nothing saved, then applied.
    const added = `Imported text ${Date.now()}`;
    const edited = po
      .compile({
        charset: 'utf-8',
        headers: { Language: 'zh_HK', 'Content-Type': 'text/plain; charset=UTF-8' },
        translations: {
          '': {
            '': { msgid: '', msgstr: [''] },
            [msgid]: { msgid, msgstr: ['改過 {{count}} <b>檔案</b>'] },
            [added]: { msgid: added, msgstr: ['匯入的文字'] },
          },
        },
      })
      .toString();
    const before = await readVersion(t.platform.db, 'translation');
    const preview = (await upload(previewTranslationImport, 'edit.po', edited)).ok();
    expect(preview).toMatchObject({ new: 1, changed: 1, unchanged: 0 });
    expect(preview.samples).toContainEqual({
      msgid,
      loc: 'zh_HK',
      before: '往返 {{count}} <b>檔案</b>',
      after: '改過 {{count}} <b>檔案</b>',
    });
    expect(await readVersion(t.platform.db, 'translation')).toBe(before);
    const applied = (await upload(importTranslations, 'edit.po', edited)).ok();
    expect(applied).toMatchObject({ new: 1, changed: 1, version: before + 1 });
    const answer = await babel([msgid, added], 'zh-HK');
    expect(answer.msgstrs).toEqual({ [msgid]: '改過 {{count}} <b>檔案</b>', [added]: '匯入的文字' });

    // A JSON of one language, named by the query.
    const flat = (
      await upload(importTranslations, 'fr.json', JSON.stringify({ [added]: 'Texte importé' }), 'fr_FR')
    ).ok();
    expect(flat).toMatchObject({ new: 1 });

    // A bad file names `file`, and nothing changes.
    for (const [name, content] of [
      ['bad.json', '{ not json'],
      ['bad.po', 'msgid "unterminated'],
      ['empty.json', ''],
    ] as const) {
      const refused = (await upload(importTranslations, name, content)).error();
      expect(refused.error_code).toBe('VALIDATION_ERROR');
      expect(refused.fields?.file).toBeTruthy();
    }
    expect(await readVersion(t.platform.db, 'translation')).toBe(before + 2);
  });

  it('AI fill-in: with no model it says one is needed; with one it suggests, keeping placeholders and tags, saving nothing', async () => {
    const keep = `You have {{count}} new <b>messages</b>, {name} ${Date.now()}`;
    const lose = `Delete {{count}} files? ${Date.now()}`;
    const loc = 'zh_CN';
    (await save([{ msgid: keep, loc: 'fr_FR', msgstr: 'x {{count}} <b>y</b> {name}' }])).ok();
    (await save([{ msgid: lose, loc: 'fr_FR', msgstr: 'Supprimer {{count}} fichiers ?' }])).ok();

    const offline = (
      await callEndpoint(t.app, suggestTranslations, { as: admin, body: { loc, msgids: [keep] } })
    ).ok();
    expect(offline.needs_model).toBe(true);
    expect(offline.suggestions).toEqual([]);
    expect(offline.msg).toMatch(/needs a model/);

    (
      await callEndpoint(t.app, saveForeignKey, {
        as: admin,
        params: { kind: 'llm_openai_compatible' },
        body: { values: { base_url: openai.url, api_key: openai.apiKey ?? '', model: 'translator-model' } },
      })
    ).ok();
    openai.script([
      {
        text: JSON.stringify({
          [keep]: `你有 {{count}} 条新<b>消息</b>，{name}`,
          // The placeholder is gone: refused.
          [lose]: '删除文件？',
        }),
      },
    ]);
    const version = await readVersion(t.platform.db, 'translation');
    const answer = (
      await callEndpoint(t.app, suggestTranslations, {
        as: admin,
        body: { loc: 'zh_CN', msgids: [keep, lose] },
      })
    ).ok();
    expect(answer.needs_model).toBe(false);
    expect(answer.model).toBe('translator-model');
    expect(answer.suggestions).toEqual([{ msgid: keep, msgstr: '你有 {{count}} 条新<b>消息</b>，{name}' }]);
    expect(answer.rejected).toEqual([{ msgid: lose, msgstr: '删除文件？', reason: 'Lost {{count}}' }]);
    // The model was told the language, the placeholders rule and the glossary.
    const system = openai
      .completions()
      .at(-1)
      ?.body?.messages.find((message) => message.role === 'system');
    expect(textOf(system as never)).toMatch(/placeholder/);
    expect(textOf(system as never)).toContain('套餐');
    // Nothing saved.
    expect(await readVersion(t.platform.db, 'translation')).toBe(version);
    expect((await babel([keep], 'zh-CN')).msgstrs[keep]).toBeUndefined();
  });

  it('adds a language, switched off, and switches it on for the language drawer', async () => {
    const created = (
      await callEndpoint(t.app, createLanguage, { as: admin, body: { loc: 'de_DE', display: 'Deutsch' } })
    ).ok();
    expect(created.language).toMatchObject({ loc: 'de_DE', enabled: false });
    const bad = (
      await callEndpoint(t.app, createLanguage, { as: admin, body: { loc: 'german', display: 'D' } })
    ).error();
    expect(bad.fields?.loc).toBeTruthy();
    const twice = (
      await callEndpoint(t.app, createLanguage, { as: admin, body: { loc: 'de_DE', display: 'Deutsch' } })
    ).error();
    expect(twice.fields?.loc).toBe('This language exists already');
    (
      await callEndpoint(t.app, updateLanguage, {
        as: admin,
        params: { loc: 'de_DE' },
        body: { enabled: true },
      })
    ).ok();
    const listed = (await callEndpoint(t.app, listLanguages, { as: admin })).ok();
    expect(listed.items.find((language) => language.loc === 'de_DE')?.enabled).toBe(true);

    // Switching French off takes it out of the drawer (basic infos' switch).
    (
      await callEndpoint(t.app, updateLanguage, {
        as: admin,
        params: { loc: 'fr_FR' },
        body: { enabled: false },
      })
    ).ok();
    const infos = (await callEndpoint(t.app, getBasicInfos, { as: admin })).ok();
    expect(infos.languages.find((language) => language.loc === 'fr_FR')?.switch).toBe(false);
    (
      await callEndpoint(t.app, updateLanguage, {
        as: admin,
        params: { loc: 'fr_FR' },
        body: { enabled: true },
      })
    ).ok();
  });

  it('is FORBIDDEN without the codes', async () => {
    const list = await callEndpoint(t.app, listTranslations, { as: user, query: { page: 1, page_size: 20 } });
    expect(list.error().error_code).toBe('FORBIDDEN');
    const edit = await callEndpoint(t.app, saveTranslations, {
      as: user,
      body: { cells: [{ msgid: 'Sign in', loc: 'zh_CN', msgstr: 'x' }] },
    });
    expect(edit.error().error_code).toBe('FORBIDDEN');
    const fill = await callEndpoint(t.app, suggestTranslations, { as: user, body: { loc: 'zh_CN' } });
    expect(fill.error().error_code).toBe('FORBIDDEN');
  });
});
