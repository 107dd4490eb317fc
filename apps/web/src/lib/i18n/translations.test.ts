import i18next from 'i18next';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../testing/mock-fetch';

/** Each test is a fresh page life: new module state, same browser storage. */
async function loadPage() {
  vi.resetModules();
  return import('./translations');
}

function seedCache(loc: string, version: number, msgstrs: Record<string, string>) {
  localStorage.setItem(`app_i18n:${loc}`, JSON.stringify({ version, msgstrs }));
}

function cachedVersion(loc: string): number | undefined {
  const raw = localStorage.getItem(`app_i18n:${loc}`);
  return raw ? (JSON.parse(raw) as { version: number }).version : undefined;
}

const zh = (msgid: string) => i18next.t(msgid, { lng: 'zh-CN' });

beforeAll(async () => {
  await i18next.init({
    resources: {},
    lng: 'en-US',
    fallbackLng: false,
    keySeparator: false,
    nsSeparator: false,
  });
});

beforeEach(() => {
  i18next.removeResourceBundle('zh-CN', 'translation');
});

describe('translation cache tied to the server version (spec section 9)', () => {
  it("uses the localStorage copy when its version equals basic infos' latest_translation_version, without a request", async () => {
    const { requests } = mockFetch(() => jsonResponse(500, {}));
    seedCache('zh_CN', 3, { Hello: '你好' });
    const { ensureTranslations } = await loadPage();

    await ensureTranslations('zh_CN', 3);

    expect(requests).toHaveLength(0);
    expect(zh('Hello')).toBe('你好');
  });

  it('refetches when the version differs, shows and stores the new version', async () => {
    const { requests } = mockFetch(() =>
      jsonResponse(200, { version: 4, loc: 'zh_CN', msgstrs: { Hello: '您好' } }),
    );
    seedCache('zh_CN', 3, { Hello: '你好' });
    const { ensureTranslations } = await loadPage();

    await ensureTranslations('zh_CN', 4);

    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe('/api/babel/text');
    expect(requests[0]?.headers.get('accept-language')).toBe('zh_CN');
    expect(requests[0]?.json()).toEqual({ msgids: [], source_lang: 'en_US', from: 'web' });
    expect(zh('Hello')).toBe('您好');
    expect(cachedVersion('zh_CN')).toBe(4);
  });

  it('a msgstr removed on the server disappears (the bundle is replaced, not merged)', async () => {
    mockFetch(() => jsonResponse(200, { version: 5, loc: 'zh_CN', msgstrs: {} }));
    seedCache('zh_CN', 4, { Hello: '你好' });
    const { ensureTranslations } = await loadPage();
    await ensureTranslations('zh_CN');
    expect(zh('Hello')).toBe('你好');

    await ensureTranslations('zh_CN', 5);
    expect(zh('Hello')).toBe('Hello');
  });

  it('with no cached copy, fetches even when the server version is not known (signed out)', async () => {
    const { requests } = mockFetch(() =>
      jsonResponse(200, { version: 2, loc: 'zh_CN', msgstrs: { Hi: '嗨' } }),
    );
    const { ensureTranslations } = await loadPage();
    await ensureTranslations('zh_CN');
    expect(requests).toHaveLength(1);
    expect(zh('Hi')).toBe('嗨');
  });

  it('with the server version unknown, an existing copy is used as is', async () => {
    const { requests } = mockFetch(() => jsonResponse(500, {}));
    seedCache('zh_CN', 1, { Hi: '嗨' });
    const { ensureTranslations } = await loadPage();
    await ensureTranslations('zh_CN');
    expect(requests).toHaveLength(0);
    expect(zh('Hi')).toBe('嗨');
  });

  it('a failed fetch falls back to the stale copy', async () => {
    mockFetch(() => Promise.reject(new TypeError('offline')));
    seedCache('zh_CN', 1, { Hi: '嗨' });
    const { ensureTranslations } = await loadPage();
    await ensureTranslations('zh_CN', 2);
    expect(zh('Hi')).toBe('嗨');
    expect(cachedVersion('zh_CN')).toBe(1);
  });

  it('calls at the same time share one request', async () => {
    const { requests } = mockFetch(() => jsonResponse(200, { version: 2, loc: 'zh_CN', msgstrs: {} }));
    const { ensureTranslations } = await loadPage();
    await Promise.all([ensureTranslations('zh_CN', 2), ensureTranslations('zh_CN', 2)]);
    expect(requests).toHaveLength(1);
  });

  it('a server answering an older version than basic infos claims is not asked again and again', async () => {
    const { requests } = mockFetch(() => jsonResponse(200, { version: 6, loc: 'zh_CN', msgstrs: {} }));
    const { ensureTranslations } = await loadPage();
    await ensureTranslations('zh_CN', 7);
    await ensureTranslations('zh_CN', 7);
    expect(requests).toHaveLength(1);
  });
});
