import type { Locale } from '@app/contract/common';
import { asc } from 'drizzle-orm';
import { i18nTranslations, languages } from '../db/schema';
import type { ChangeFeed } from './change-feed';
import type { Db } from './db';
import { VersionedCache } from './versioned-cache';

const pluralRules = new Map<Locale, Intl.PluralRules>();

/** `one`, `other`, … as the language's plural rules class `count` (CLDR, through Intl). */
export function pluralCategory(loc: Locale, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(loc);
  if (!rules) {
    rules = new Intl.PluralRules(loc.replace('_', '-'));
    pluralRules.set(loc, rules);
  }
  return rules.select(count);
}

interface Translations {
  byLoc: Map<string, Map<string, string>>;
  languages: { loc: string; display: string; enabled: boolean }[];
}

/**
 * All translations in memory, reloaded when the translation version moves (here or on another
 * instance). Server messages and `/api/babel/text` read from it, so neither costs a query.
 */
export class Translator {
  private readonly translations: VersionedCache<Translations>;
  /** Help tags keep their own version; only the number travels (basic infos). */
  private readonly tagHelp: VersionedCache<null>;

  constructor(db: Db, feed?: ChangeFeed) {
    this.translations = new VersionedCache<Translations>(
      db,
      {
        key: 'translation',
        initial: { byLoc: new Map(), languages: [] },
        load: async () => {
          const [languageRows, rows] = await Promise.all([
            db
              .select({ loc: languages.loc, display: languages.display, enabled: languages.enabled })
              .from(languages)
              .orderBy(asc(languages.sort), asc(languages.loc)),
            db
              .select({
                msgid: i18nTranslations.msgid,
                loc: i18nTranslations.loc,
                msgstr: i18nTranslations.msgstr,
              })
              .from(i18nTranslations),
          ]);
          const byLoc = new Map<string, Map<string, string>>();
          for (const row of rows) {
            const table = byLoc.get(row.loc) ?? new Map<string, string>();
            table.set(row.msgid, row.msgstr);
            byLoc.set(row.loc, table);
          }
          return { byLoc, languages: languageRows };
        },
      },
      feed,
    );
    this.tagHelp = new VersionedCache(db, { key: 'tag_help', initial: null, load: async () => null }, feed);
  }

  /** Loads when the translation version may have moved; answers that version. */
  async ensureFresh(): Promise<number> {
    const [version] = await Promise.all([this.translations.fresh(), this.tagHelp.fresh()]);
    return version;
  }

  /** Drop the cache at once (start-up seeds; a change is otherwise heard through the change feed). */
  invalidate(): void {
    this.translations.invalidate();
    this.tagHelp.invalidate();
  }

  /**
   * Synchronous lookup from the last loaded state; the msgid itself when untranslated. With a
   * `count`, the plural form that count takes in `loc` when the catalogue has it (`<msgid>_one`
   * for a French 0 or 1), else the msgid's own text, its general form (docs/decisions.md,
   * "Plurals and one number formatter").
   */
  translate(loc: Locale, msgid: string, count?: number): string {
    const table = this.translations.current.byLoc.get(loc);
    if (count !== undefined) {
      const form = table?.get(`${msgid}_${pluralCategory(loc, count)}`);
      if (form !== undefined) return form;
    }
    return table?.get(msgid) ?? msgid;
  }

  /** The languages, in switcher order; a change to them bumps the translation version. */
  languages(): { loc: string; display: string; enabled: boolean }[] {
    return this.translations.current.languages;
  }

  /** The help-tags version, kept fresh by `ensureFresh` with the translation version. */
  tagHelpVersion(): number {
    return Math.max(1, this.tagHelp.loadedVersion);
  }

  all(loc: Locale): Map<string, string> {
    return this.translations.current.byLoc.get(loc) ?? new Map();
  }
}
