import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, type SeenRequest } from '../testing/mock-fetch';

function babelServer(msgstrsFor: (msgids: string[]) => Record<string, string> = () => ({})) {
  return mockFetch((request: SeenRequest) => {
    const body = request.json() as { msgids: string[] };
    return jsonResponse(200, { version: 1, loc: 'en_US', msgstrs: msgstrsFor(body.msgids) });
  });
}

const registrations = (requests: SeenRequest[]) =>
  requests.map((r) => (r.json() as { msgids: string[] }).msgids).filter((msgids) => msgids.length > 0);

afterEach(() => {
  vi.useRealTimers();
});

describe('unknown msgids are registered with the server (spec section 7, /api/babel/text)', () => {
  it('are batched: one silent call ~1 s after the last one', async () => {
    vi.useFakeTimers();
    vi.resetModules();
    const { requests } = babelServer();
    const { reportMissingKey } = await import('./missing-keys');

    reportMissingKey('Open settings');
    await vi.advanceTimersByTimeAsync(500);
    reportMissingKey('Close settings');
    await vi.advanceTimersByTimeAsync(999);
    expect(requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);

    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe('/api/babel/text');
    expect(requests[0]?.json()).toEqual({
      msgids: ['Open settings', 'Close settings'],
      source_lang: 'en_US',
      from: 'web',
    });
  });

  it('each msgid is sent once per page life', async () => {
    vi.useFakeTimers();
    vi.resetModules();
    const { requests } = babelServer();
    const { reportMissingKey } = await import('./missing-keys');

    reportMissingKey('Once');
    await vi.advanceTimersByTimeAsync(1000);
    reportMissingKey('Once');
    reportMissingKey('Twice');
    await vi.advanceTimersByTimeAsync(1000);

    expect(registrations(requests)).toEqual([['Once'], ['Twice']]);
  });

  it("i18next's missing keys are reported once the language's translations are loaded, not before", async () => {
    vi.useFakeTimers();
    vi.resetModules();
    let release: () => void = () => {};
    const loaded = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { requests } = mockFetch(async (request: SeenRequest) => {
      const { msgids } = request.json() as { msgids: string[] };
      // The whole-language load waits until the test lets it through.
      if (msgids.length === 0) await loaded;
      return jsonResponse(200, { version: 1, loc: 'en_US', msgstrs: {} });
    });
    // The app's set-up module: inits i18next and starts loading the current language.
    await import('./i18n');

    i18next.t('Shown before translations arrived');
    await vi.advanceTimersByTimeAsync(1000);
    expect(registrations(requests)).toEqual([]);

    release();
    await vi.advanceTimersByTimeAsync(0);
    i18next.t('A sentence nobody translated yet. Really: none.');
    await vi.advanceTimersByTimeAsync(1000);

    expect(registrations(requests)).toEqual([['A sentence nobody translated yet. Really: none.']]);
    // keySeparator and nsSeparator are off: the English text itself comes back untouched.
    expect(i18next.t('A sentence nobody translated yet. Really: none.')).toBe(
      'A sentence nobody translated yet. Really: none.',
    );
  });
});
