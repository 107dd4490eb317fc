import { describe, expect, it } from 'vitest';
import { GLOSSARY } from './glossary';
import { readSeedTranslations } from './i18n.seed';

/**
 * Every shipped translation of a message that uses one of the product's terms says it as the
 * glossary does (issue 26, item 4): one plan is one word on every page, in every language.
 */
const LANGUAGES = ['zh_CN', 'zh_HK', 'fr_FR'] as const;

/** The message's own words: `{{plan}}` and `{role}` are values put in, not words of it. */
const wordsOf = (msgid: string) => msgid.replace(/\{\{?\w+\}?\}/g, ' ');

describe('the glossary of the product’s terms', () => {
  const rows = readSeedTranslations();

  it('has translations to hold to', () => {
    expect(rows.length).toBeGreaterThan(1000);
  });

  for (const entry of GLOSSARY) {
    it(`"${entry.term}" reads as the glossary says in ${LANGUAGES.join(', ')}`, () => {
      const word = new RegExp(`\\b${entry.term}s?\\b`, 'i');
      const using = rows.filter(
        (row) => word.test(wordsOf(row.msgid)) && !(entry.otherSenses ?? []).includes(row.msgid),
      );
      const off: string[] = [];
      for (const loc of LANGUAGES) {
        const forms = entry.forms[loc].map((form) => form.toLowerCase());
        const ofLanguage = using.filter((row) => row.loc === loc);
        // A term no shipped message uses would hold nothing to the glossary.
        expect(ofLanguage.length, `${entry.term} in ${loc}`).toBeGreaterThan(0);
        for (const row of ofLanguage) {
          const text = row.msgstr.toLowerCase();
          if (!forms.some((form) => text.includes(form)))
            off.push(`${loc}: "${row.msgid}" => "${row.msgstr}"`);
        }
      }
      expect(off, `translations of "${entry.term}" off the glossary`).toEqual([]);
    });
  }

  it('a message listed with another sense of a term is still shipped (no stale exception)', () => {
    const msgids = new Set(rows.map((row) => row.msgid));
    const stale = GLOSSARY.flatMap((entry) => entry.otherSenses ?? []).filter((msgid) => !msgids.has(msgid));
    expect(stale).toEqual([]);
  });
});
