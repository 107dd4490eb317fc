import type { Locale } from '@app/contract/common';
import { asc, eq } from 'drizzle-orm';
import { i18nTranslations, languages, versions } from '../db/schema';
import type { Db } from './db';
import { readVersion } from './versions';

const VERSION_CHECK_MS = 5000;

/**
 * All translations in memory, reloaded when the translation version moves (here or on another
 * instance). Server messages and `/api/babel/text` read from it, so neither costs a query.
 */
export class Translator {
  private byLoc = new Map<string, Map<string, string>>();
  private languageRows: { loc: string; display: string; enabled: boolean }[] = [];
  private tagHelp = 1;
  private version = -1;
  private checkedAt = 0;
  private loading: Promise<void> | null = null;
  /** Moves on every invalidate, so a load that started before a change cannot mark itself fresh. */
  private generation = 0;

  constructor(private readonly db: Db) {}

  async ensureFresh(): Promise<number> {
    // Loops because a load that began before an invalidate leaves the cache unfresh.
    while (this.version < 0 || Date.now() - this.checkedAt >= VERSION_CHECK_MS) {
      this.loading ??= this.load().finally(() => {
        this.loading = null;
      });
      await this.loading;
    }
    return this.version;
  }

  invalidate(): void {
    this.generation += 1;
    this.checkedAt = 0;
  }

  /** Synchronous lookup from the last loaded state; the msgid itself when untranslated. */
  translate(loc: Locale, msgid: string): string {
    return this.byLoc.get(loc)?.get(msgid) ?? msgid;
  }

  /** The languages, in switcher order; a change to them bumps the translation version. */
  languages(): { loc: string; display: string; enabled: boolean }[] {
    return this.languageRows;
  }

  /** The help-tags version, read on the same schedule as the translation version. */
  tagHelpVersion(): number {
    return this.tagHelp;
  }

  all(loc: Locale): Map<string, string> {
    return this.byLoc.get(loc) ?? new Map();
  }

  private async load(): Promise<void> {
    const generation = this.generation;
    const [version, [tagHelp]] = await Promise.all([
      readVersion(this.db, 'translation'),
      this.db.select({ version: versions.version }).from(versions).where(eq(versions.key, 'tag_help')),
    ]);
    this.tagHelp = tagHelp?.version ?? 1;
    if (version !== this.version) {
      this.languageRows = await this.db
        .select({ loc: languages.loc, display: languages.display, enabled: languages.enabled })
        .from(languages)
        .orderBy(asc(languages.sort), asc(languages.loc));
      const rows = await this.db
        .select({ msgid: i18nTranslations.msgid, loc: i18nTranslations.loc, msgstr: i18nTranslations.msgstr })
        .from(i18nTranslations);
      const next = new Map<string, Map<string, string>>();
      for (const row of rows) {
        const table = next.get(row.loc) ?? new Map<string, string>();
        table.set(row.msgid, row.msgstr);
        next.set(row.loc, table);
      }
      this.byLoc = next;
      this.version = version;
    }
    if (generation === this.generation) this.checkedAt = Date.now();
  }
}
