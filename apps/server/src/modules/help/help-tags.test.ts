import { putPersonalization } from '@app/contract/account/personalization/personalization';
import {
  createHelpTag,
  DEFAULT_HELP_TAG_STYLE,
  deleteHelpTag,
  getHelpTagStyle,
  listHelpTags,
  postHtmlTagHelp,
  putHelpTagStyle,
  updateHelpTag,
} from '@app/contract/help/help-tags';
import { getBasicInfos } from '@app/contract/user/get-basic-infos';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helpTags, operationRecords } from '../../db/schema';
import { readVersion } from '../../platform/versions';
import { type Caller, callEndpoint } from '../../test/call-endpoint';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';

/**
 * Help tags: admins attach HTML and an icon per language to an element of a page; pages ask for
 * theirs by id, in the caller's language, while the user's help switch is on. Every change moves
 * `tag_help`, the version clients cache the answers by; HTML is sanitised on save and on answer.
 */
describe('help tags', () => {
  let t: TestApp;
  let admin: Caller;
  let user: Awaited<ReturnType<typeof signUpUser>>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t.app);
    user = await signUpUser(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const ask = (
    as: Caller,
    body: { page_path: string; ids: string; ignore_help_switch?: boolean },
    headers: Record<string, string> = {},
  ) => callEndpoint(t.app, postHtmlTagHelp, { as, body, headers });

  async function addTag(
    page_path: string,
    element_id: string,
    texts: Record<string, { html: string; icon: string }>,
  ) {
    return (
      await callEndpoint(t.app, createHelpTag, {
        as: admin,
        body: { page_path, element_id, enabled: true, texts: texts as never },
      })
    ).ok().help_tag;
  }

  it('answers the help of the ids asked, in the caller language, falling back to the default one', async () => {
    await addTag('/chat', 'title', {
      en_US: { html: '<p>Ask the assistant</p>', icon: 'info' },
      fr_FR: { html: '<p>Posez une question</p>', icon: '' },
    });
    await addTag('/chat', 'other', { en_US: { html: '<p>Other</p>', icon: 'bulb' } });

    const english = (await ask(user, { page_path: '/chat', ids: '["title","missing"]' })).ok();
    expect(english.helps).toEqual({ title: { html: '<p>Ask the assistant</p>', icon: 'info' } });
    expect(english.style).toEqual(DEFAULT_HELP_TAG_STYLE);
    expect(english.version).toBe(await readVersion(t.platform.db, 'tag_help'));

    // French: its own text; the icon left empty takes the style's.
    const french = (
      await ask(
        user,
        { page_path: '/chat', ids: '["title","other"]' },
        { 'accept-language': 'fr-FR,fr;q=0.9' },
      )
    ).ok();
    expect(french.helps.title).toEqual({ html: '<p>Posez une question</p>', icon: 'question' });
    // Not written in French: the default language's.
    expect(french.helps.other).toEqual({ html: '<p>Other</p>', icon: 'bulb' });

    // The language cookie wins over the header.
    const cookie = (
      await callEndpoint(t.app, postHtmlTagHelp, {
        as: user,
        body: { page_path: '/chat', ids: '["title"]' },
        headers: { 'accept-language': 'en-US' },
        cookies: { app_lang: 'fr_FR' },
      })
    ).ok();
    expect(cookie.helps.title?.html).toBe('<p>Posez une question</p>');

    // Another page has none of these.
    expect((await ask(user, { page_path: '/account/usage', ids: '["title"]' })).ok().helps).toEqual({});
  });

  it("honours the user's help switch unless ignore_help_switch", async () => {
    const quiet = await signUpUser(t.app);
    (await callEndpoint(t.app, putPersonalization, { as: quiet, body: { help_switch: false } })).ok();
    expect((await ask(quiet, { page_path: '/chat', ids: '["title"]' })).ok().helps).toEqual({});
    const forced = (
      await ask(quiet, { page_path: '/chat', ids: '["title"]', ignore_help_switch: true })
    ).ok();
    expect(forced.helps.title?.html).toBe('<p>Ask the assistant</p>');
  });

  it('refuses malformed ids naming ids', async () => {
    for (const ids of ['not json', '{"a":1}', '[1,2]', '"title"']) {
      const refused = await ask(user, { page_path: '/chat', ids });
      expect(refused.status).toBe(400);
      expect(refused.error()).toMatchObject({
        error_code: 'VALIDATION_ERROR',
        fields: { ids: expect.any(String) },
      });
    }
  });

  it('sanitises HTML on save and on the way out: no script, no event handler, no javascript: link', async () => {
    const saved = await addTag('/account/usage', 'chart', {
      en_US: {
        html: '<p onclick="steal()">Usage<script>alert(1)</script><img src=x onerror=alert(1)> <a href="javascript:alert(1)">x</a> <a href="https://example.com/doc">doc</a></p>',
        icon: 'book',
      },
      // Nothing left once sanitised: the language is not filled.
      zh_CN: { html: '<script>alert(1)</script>', icon: '' },
    });
    const html = saved.texts.en_US?.html ?? '';
    expect(html).not.toMatch(/script|onerror|onclick|javascript:|<img/i);
    expect(html).toContain(
      '<a href="https://example.com/doc" target="_blank" rel="noopener noreferrer">doc</a>',
    );
    expect(Object.keys(saved.texts)).toEqual(['en_US']);

    // A row written around the service (an older build, a restore) is cleaned when answered.
    await t.platform.db
      .update(helpTags)
      .set({
        texts: {
          en_US: { html: '<p>Hi<img src=x onerror="alert(1)"><script>x()</script></p>', icon: 'book' },
        },
      })
      .where(eq(helpTags.id, saved.id));
    // The direct write moved no version: a style save does, and the cache reloads.
    (await callEndpoint(t.app, putHelpTagStyle, { as: admin, body: DEFAULT_HELP_TAG_STYLE })).ok();
    const answered = (await ask(user, { page_path: '/account/usage', ids: '["chart"]' })).ok();
    expect(answered.helps.chart).toEqual({ html: '<p>Hi</p>', icon: 'book' });
  });

  it('moves the tag_help version with each change, which basic infos answers; each change is recorded', async () => {
    const start = await readVersion(t.platform.db, 'tag_help');
    const tag = await addTag('/admin/user/users', 'title', { en_US: { html: '<p>Users</p>', icon: '' } });
    const afterCreate = await readVersion(t.platform.db, 'tag_help');
    expect(afterCreate).toBe(start + 1);

    const updated = (
      await callEndpoint(t.app, updateHelpTag, {
        as: admin,
        params: { id: tag.id },
        body: {
          page_path: '/admin/user/users',
          element_id: 'title',
          enabled: false,
          texts: { en_US: { html: '<p>Users</p>', icon: 'info' } },
        },
      })
    ).ok().help_tag;
    expect(updated.enabled).toBe(false);
    expect(await readVersion(t.platform.db, 'tag_help')).toBe(start + 2);
    // Disabled: not answered.
    expect((await ask(user, { page_path: '/admin/user/users', ids: '["title"]' })).ok().helps).toEqual({});

    (
      await callEndpoint(t.app, putHelpTagStyle, {
        as: admin,
        body: { ...DEFAULT_HELP_TAG_STYLE, icon_color: '#FF0000', popover_trigger: 'click' },
      })
    ).ok();
    expect(await readVersion(t.platform.db, 'tag_help')).toBe(start + 3);
    const style = (await callEndpoint(t.app, getHelpTagStyle, { as: admin })).ok();
    expect(style.style).toMatchObject({ icon_color: '#ff0000', popover_trigger: 'click' });
    expect(style.updated_by).toBe('root@example.com');

    (await callEndpoint(t.app, deleteHelpTag, { as: admin, params: { id: tag.id } })).ok();
    const end = await readVersion(t.platform.db, 'tag_help');
    expect(end).toBe(start + 4);

    // Basic infos hears of the version through the change feed.
    await expect
      .poll(async () => (await callEndpoint(t.app, getBasicInfos, { as: user })).ok().latest_tag_help_version)
      .toBe(end);
    expect((await ask(user, { page_path: '/chat', ids: '["title"]' })).ok().version).toBe(end);

    const records = await t.platform.db
      .select({ action: operationRecords.action })
      .from(operationRecords)
      .where(and(eq(operationRecords.targetType, 'help_tag'), eq(operationRecords.targetId, tag.id)));
    expect(records.map((r) => r.action).sort()).toEqual(['help_tag.delete', 'help_tag.update']);
  });

  it('lists by a part of the page path; refuses a second tag for one element, naming element_id', async () => {
    const chat = (await callEndpoint(t.app, listHelpTags, { as: admin, query: { page_path: 'cha' } })).ok();
    expect(chat.items.map((item) => `${item.page_path}#${item.element_id}`)).toEqual([
      '/chat#other',
      '/chat#title',
    ]);
    expect(chat.items[1]?.updated_by).toBe('root@example.com');

    const before = await readVersion(t.platform.db, 'tag_help');
    const twice = await callEndpoint(t.app, createHelpTag, {
      as: admin,
      body: { page_path: '/chat', element_id: 'title', enabled: true, texts: {} },
    });
    expect(twice.status).toBe(400);
    expect(twice.error()).toMatchObject({
      error_code: 'VALIDATION_ERROR',
      fields: { element_id: expect.any(String) },
    });
    expect(await readVersion(t.platform.db, 'tag_help')).toBe(before);

    const badPath = await callEndpoint(t.app, createHelpTag, {
      as: admin,
      body: { page_path: 'chat', element_id: 'x', enabled: true, texts: {} },
    });
    expect(badPath.error()).toMatchObject({
      error_code: 'VALIDATION_ERROR',
      fields: { page_path: expect.any(String) },
    });
  });

  it('admin pages need admin.help_tags.read and .edit; the help answer needs only a session', async () => {
    expect((await callEndpoint(t.app, listHelpTags, { as: user })).status).toBe(403);
    expect((await callEndpoint(t.app, getHelpTagStyle, { as: user })).status).toBe(403);
    expect(
      (
        await callEndpoint(t.app, createHelpTag, {
          as: user,
          body: { page_path: '/chat', element_id: 'mine', enabled: true, texts: {} },
        })
      ).status,
    ).toBe(403);
    expect(
      (await callEndpoint(t.app, putHelpTagStyle, { as: user, body: DEFAULT_HELP_TAG_STYLE })).status,
    ).toBe(403);
    expect(
      (await callEndpoint(t.app, postHtmlTagHelp, { as: null, body: { page_path: '/chat', ids: '[]' } }))
        .status,
    ).toBe(401);
  });
});
