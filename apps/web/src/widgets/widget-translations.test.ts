import { describe, expect, it } from 'vitest';
import frFR from '../../../server/src/modules/i18n/seed/web.fr_FR.json';
import zhCN from '../../../server/src/modules/i18n/seed/web.zh_CN.json';
import zhHK from '../../../server/src/modules/i18n/seed/web.zh_HK.json';

/**
 * The widgets' texts are t() msgids like the rest of the web app, seeded from `web.<loc>.json`.
 * app/web-translations.test.ts scans app, features and lib; this covers the widgets.
 */
const sources = import.meta.glob<string>(['./**/*.{ts,tsx}', '!./**/*.test.*', '!./**/test-*.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const T_CALL = /(?<![\w.])t\(\s*(['"])((?:(?!\1)[^\\]|\\.)*)\1/g;

const SEEDS: Record<string, Record<string, string>> = { zh_CN: zhCN, zh_HK: zhHK, fr_FR: frFR };

describe('widget translation seeds', () => {
  const used = new Set<string>();
  for (const text of Object.values(sources)) {
    for (const match of text.matchAll(T_CALL)) used.add((match[2] ?? '').replace(/\\(.)/g, '$1'));
  }

  it('finds the msgids', () => {
    expect(used.has('{{size}} / page')).toBe(true);
  });

  it.each(Object.keys(SEEDS))('%s translates every widget msgid, keeping its placeholders', (loc) => {
    const seed = SEEDS[loc] ?? {};
    expect([...used].filter((msgid) => !seed[msgid])).toEqual([]);
    for (const msgid of used) {
      for (const placeholder of msgid.match(/\{\{\w+\}\}/g) ?? []) {
        expect(seed[msgid], `${loc}: ${msgid}`).toContain(placeholder);
      }
    }
  });
});
