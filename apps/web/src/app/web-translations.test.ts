import { describe, expect, it } from 'vitest';

/**
 * The seeds are split by area (`web.<loc>.json`, `web-account.<loc>.json`, ...) so that areas
 * built side by side do not edit one file; the server reads every `<name>.<loc>.json` alike.
 */
const seedFiles = import.meta.glob<Record<string, string>>(
  '../../../server/src/modules/i18n/seed/web*.json',
  {
    import: 'default',
    eager: true,
  },
);

function seedFor(loc: string): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const [file, table] of Object.entries(seedFiles)) {
    if (file.endsWith(`.${loc}.json`)) Object.assign(merged, table);
  }
  return merged;
}

const zhCN = seedFor('zh_CN');

/**
 * Every UI text of the web app is a t() call whose msgid is the English text; the server seeds
 * their translations from `web.<loc>.json`. This keeps the seeds complete as pages are added.
 */
const sources = import.meta.glob<string>(
  [
    './**/*.{ts,tsx}',
    '../features/**/*.{ts,tsx}',
    // lib's texts (the error catalogue's dialogs) are web UI too, seeded in the same files.
    '../lib/**/*.{ts,tsx}',
    '../widgets/**/*.{ts,tsx}',
    '!./**/*.test.*',
    '!../widgets/**/*.test.*',
    '!../features/**/*.test.*',
    '!../lib/**/*.test.*',
    '!../lib/testing/**',
  ],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

const T_CALL = /(?<![\w.])t\(\s*(['"])((?:(?!\1)[^\\]|\\.)*)\1/g;

function msgids(): Set<string> {
  const found = new Set<string>();
  for (const text of Object.values(sources)) {
    for (const match of text.matchAll(T_CALL)) found.add((match[2] ?? '').replace(/\\(.)/g, '$1'));
  }
  return found;
}

const SEEDS: Record<string, Record<string, string>> = {
  zh_CN: zhCN,
  zh_HK: seedFor('zh_HK'),
  fr_FR: seedFor('fr_FR'),
};

describe('web translation seeds', () => {
  const used = msgids();

  it('finds the msgids', () => {
    expect(used.size).toBeGreaterThan(50);
    expect(used.has('The two passwords do not match')).toBe(true);
  });

  it.each(Object.keys(SEEDS))('%s translates every msgid, keeping its placeholders', (loc) => {
    const seed = SEEDS[loc] ?? {};
    const missing = [...used].filter((msgid) => !seed[msgid]);
    expect(missing).toEqual([]);
    for (const msgid of used) {
      for (const placeholder of msgid.match(/\{\{\w+\}\}/g) ?? []) {
        expect(seed[msgid], `${loc}: ${msgid}`).toContain(placeholder);
      }
    }
  });

  it('keeps the spec’s Chinese text for mismatched passwords', () => {
    expect(zhCN['The two passwords do not match']).toBe('两次输入的密码不一致');
  });
});
