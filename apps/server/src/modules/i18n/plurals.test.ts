import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readSeedTranslations } from './i18n.seed';

/**
 * No count reads "1 members" (issue 26, item 4). A count string is a msgid in which a number
 * placeholder stands before the noun it counts (`{{count}} members`, `at most {{max}} keywords`);
 * a label that only names a number (`Rows: {{rows}}`) needs no plural. Every count string, in the
 * shipped catalogue (the seeds) or used by the web, the server or the contract, must:
 * - name its number `{{count}}`, the one value i18next (and the server's `say`) choose a form by,
 *   and count one thing only (two counts are two texts, put together);
 * - have its English singular where it is used (`defaultValue_one`), so English is right without
 *   the catalogue;
 * - be translated in every shipped language, with a `<msgid>_one` form in each language that has
 *   a singular (French: 0 and 1), which keeps the msgid's placeholders (it may leave out the
 *   number: "Your last sign-in attempt"). Chinese has one form, the msgid's.
 * See docs/decisions.md, "Plurals and one number formatter".
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '../../../../..');
const SOURCES = ['apps/web/src', 'apps/server/src', 'packages/contract/src'];
const LANGUAGES = ['zh_CN', 'zh_HK', 'fr_FR'] as const;

/** Placeholders that name a thing, never a number (`{{kind}} messages`, `{{service}} syncs`). */
const NOT_NUMBERS = new Set([
  'name',
  'kind',
  'service',
  'date',
  'plan',
  'team',
  'provider',
  'platform',
  'value',
]);
/** Words ending in s that are not plural nouns. */
const NOT_PLURALS = new Set([
  'is',
  'was',
  'has',
  'does',
  'goes',
  'this',
  'its',
  'his',
  'as',
  'us',
  'yes',
  'vs',
]);
/** Words a counted noun is never behind: past them the number counts nothing. */
const GLUE = new Set(
  'to of in the a an by on at for with from is was and or are were be will per than into no your its their'.split(
    ' ',
  ),
);
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** The placeholders of `msgid` that count a noun: `{{max}}` in "At most {{max}} keywords". */
function countedPlaceholders(msgid: string): string[] {
  const counted: string[] = [];
  for (const match of msgid.matchAll(/\{\{(\w+)\}\}((?:\s+[A-Za-z’'-]+){1,3})/g)) {
    const [, name = '', after = ''] = match;
    if (NOT_NUMBERS.has(name)) continue;
    for (const raw of after.trim().split(/\s+/)) {
      const word = raw.toLowerCase();
      if (GLUE.has(word)) break;
      if (/[a-z]s$/.test(word) && !/ss$/.test(word) && !NOT_PLURALS.has(word)) {
        counted.push(name);
        break;
      }
    }
  }
  return counted;
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

/**
 * Where a literal ends, the rest of the call or object it stands in (up to the bracket that
 * closes around it): a `t(msgid, { count, defaultValue_one })` call's options.
 */
function restOfCall(text: string, from: number): string {
  let depth = 0;
  for (let i = from; i < text.length; i += 1) {
    const char = text[i];
    if (char === '(' || char === '{' || char === '[') depth += 1;
    else if (char === ')' || char === '}' || char === ']') {
      depth -= 1;
      if (depth < 0) return text.slice(from, i);
    } else if (char === ';' && depth === 0) return text.slice(from, i);
  }
  return text.slice(from);
}

interface Use {
  file: string;
  call: string;
}

/** Every string literal holding a `{{placeholder}}` in the sources, with where it is used. */
function sourceMsgids(): Map<string, Use[]> {
  const uses = new Map<string, Use[]>();
  for (const root of SOURCES) {
    for (const file of sourceFiles(path.join(ROOT, root))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/'((?:[^'\\\n]|\\.)*\{\{\w+\}\}(?:[^'\\\n]|\\.)*)'/g)) {
        // An English singular is a form of the msgid before it, not a msgid.
        if (/defaultValue_one:\s*$/.test(text.slice(0, match.index))) continue;
        const msgid = match[1]?.replace(/\\'/g, "'") ?? '';
        const list = uses.get(msgid) ?? [];
        list.push({
          file: path.relative(ROOT, file),
          call: restOfCall(text, (match.index ?? 0) + match[0].length),
        });
        uses.set(msgid, list);
      }
    }
  }
  return uses;
}

function catalogue(): Map<string, Map<string, string>> {
  const byLoc = new Map<string, Map<string, string>>();
  for (const row of readSeedTranslations()) {
    const table = byLoc.get(row.loc) ?? new Map<string, string>();
    table.set(row.msgid, row.msgstr);
    byLoc.set(row.loc, table);
  }
  return byLoc;
}

const hasSingular = (loc: string) =>
  new Intl.PluralRules(loc.replace('_', '-')).resolvedOptions().pluralCategories.includes('one');

const placeholdersOf = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

/** What is wrong with each count string, by msgid. */
function offenders(): Map<string, string[]> {
  const seeds = catalogue();
  const uses = sourceMsgids();
  const msgids = new Set<string>(uses.keys());
  for (const table of seeds.values())
    for (const msgid of table.keys()) if (!PLURAL_SUFFIX.test(msgid)) msgids.add(msgid);

  const found = new Map<string, string[]>();
  for (const msgid of msgids) {
    const counted = countedPlaceholders(msgid);
    if (counted.length === 0) continue;
    const problems: string[] = [];
    if (counted.length > 1) problems.push(`counts ${counted.length} numbers; one text counts one`);
    const other = counted.filter((name) => name !== 'count');
    if (other.length > 0)
      problems.push(`counts {{${other.join('}}, {{')}}}, which no plural form is chosen by`);
    const used = uses.get(msgid) ?? [];
    if (used.length > 0 && !used.some((use) => /\bdefaultValue_one\b/.test(use.call))) {
      problems.push(
        `no English singular (defaultValue_one) where it is used: ${used.map((u) => u.file).join(', ')}`,
      );
    }
    for (const loc of LANGUAGES) {
      const table = seeds.get(loc);
      if (!table?.has(msgid)) problems.push(`no ${loc} text`);
      else if (hasSingular(loc) && !table.has(`${msgid}_one`)) problems.push(`no ${loc} singular (_one)`);
    }
    if (problems.length > 0) found.set(msgid, problems);
  }
  return found;
}

describe('count strings have plural forms (issue 26, item 4)', () => {
  it('recognises a count string by the number before its noun, and a label by its absence', () => {
    expect(countedPlaceholders('{{count}} members')).toEqual(['count']);
    expect(countedPlaceholders('At most {{max}} keywords')).toEqual(['max']);
    expect(countedPlaceholders('Your last {{count}} sign-in attempts, newest first.')).toEqual(['count']);
    expect(countedPlaceholders('Removed {{objects}} objects and {{rows}} rows')).toEqual(['objects', 'rows']);
    expect(countedPlaceholders('Rows: {{rows}}')).toEqual([]);
    expect(countedPlaceholders('{{name}} is banned')).toEqual([]);
    expect(countedPlaceholders('{{kind}} messages by e-mail')).toEqual([]);
    expect(countedPlaceholders('Digit {{index}} of {{count}}')).toEqual([]);
  });

  it('every count string in the catalogue and the sources names {{count}}, has its English singular, and every language’s forms', () => {
    const found = offenders();
    const named = [...found].map(([msgid, problems]) => `"${msgid}": ${problems.join('; ')}`);
    expect(named, 'count strings without plural forms').toEqual([]);
  });

  it('no singular is a msgid of its own ("1 seat" beside "{{count}} seats"): the count picks the form', () => {
    const adHoc = new Set<string>();
    for (const table of catalogue().values())
      for (const msgid of table.keys()) if (/^1 \p{L}/u.test(msgid)) adHoc.add(msgid);
    expect([...adHoc]).toEqual([]);
  });

  it('every plural form in the catalogue belongs to a msgid of its language and keeps its placeholders', () => {
    const wrong: string[] = [];
    for (const [loc, table] of catalogue()) {
      for (const [key, form] of table) {
        if (!PLURAL_SUFFIX.test(key)) continue;
        const msgid = key.replace(PLURAL_SUFFIX, '');
        const general = table.get(msgid);
        if (general === undefined) wrong.push(`${loc}: "${key}" has no "${msgid}"`);
        // A singular may say its one without the number ("Your last sign-in attempt").
        else if (
          placeholdersOf(form).join() !== placeholdersOf(general).join() &&
          [...placeholdersOf(form), 'count'].sort().join() !== placeholdersOf(general).join()
        )
          wrong.push(`${loc}: "${key}" => "${form}" does not keep the placeholders of "${general}"`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
