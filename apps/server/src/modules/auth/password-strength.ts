import type { ZxcvbnFactory, ZxcvbnResult } from '@zxcvbn-ts/core';
import { validationError } from '../../platform/app-error';

/**
 * zxcvbn's score (0-4) a new password must reach. 3 means about 10^8 guesses or more: out of reach
 * of online guessing and slow against an offline attack on our scrypt hashes, while still letting
 * a phrase of three or four ordinary words through (docs/decisions.md, "Password strength").
 */
export const MIN_PASSWORD_SCORE = 3;

/**
 * Only this many leading characters are analysed. The matchers grow with the square of the
 * length (a 128-character password cost up to 1.5 s of CPU here); 64 bounds one check to about
 * 0.1-0.2 s, and a password whose first 64 characters are strong is strong.
 */
const ANALYSED_LENGTH = 64;
/** Caps the l33t variants tried per word; the default (100) alone made one check take 0.8 s. */
const L33T_MAX_SUBSTITUTIONS = 10;

export type WeakReason = 'blank' | 'personal' | 'common' | 'predictable';

/** Why a password is refused: our reason, and the library's own advice (English msgids). */
export interface PasswordWeakness {
  reason: WeakReason;
  /** The library's warning, kept only where our reason does not already say it. */
  warning: string | null;
  suggestions: string[];
}

/** Who the password is for: it must not be built from their own name or address. */
export interface PasswordOwner {
  name?: string | null;
  email?: string | null;
}

const REASON_MSGIDS: Record<WeakReason, string> = {
  blank: 'The password cannot be only spaces.',
  personal: 'The password must not contain your name or e-mail address.',
  common: 'This password is too common.',
  predictable: 'This password is too easy to guess.',
};

interface Checker {
  zxcvbn: ZxcvbnFactory;
  /** The library's English warnings by key, to tell "common" from other patterns. */
  warnings: Record<string, string>;
}

let checker: Promise<Checker> | null = null;

/**
 * The dictionaries are a few megabytes and take a quarter of a second to index, so they are
 * loaded on the first password set, once per process, and never for a process that sets none.
 */
function loadChecker(): Promise<Checker> {
  checker ??= (async () => {
    const [core, common, en, fr] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
      import('@zxcvbn-ts/language-fr'),
    ]);
    const zxcvbn = new core.ZxcvbnFactory({
      translations: en.translations,
      graphs: common.adjacencyGraphs,
      // French words too: the product is offered in French. There is no Chinese dictionary.
      dictionary: { ...common.dictionary, ...en.dictionary, ...fr.dictionary },
      maxLength: ANALYSED_LENGTH,
      l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
    });
    return { zxcvbn, warnings: en.translations.warnings };
  })().catch((error: unknown) => {
    // A failed load is retried by the next caller rather than cached as a rejection forever.
    checker = null;
    throw error;
  });
  return checker;
}

/**
 * The words of a name and an address as zxcvbn user inputs: the whole of each, its parts, and the
 * parts run together, so `AdaLovelace1`, `lovelace2024` and `ada.lovelace` all count as personal.
 */
export function personalWords(owner: PasswordOwner): string[] {
  const words = new Set<string>();
  const add = (value: string) => {
    const clean = value.trim().toLowerCase();
    if (clean.length >= 3) words.add(clean);
  };
  const addParts = (value: string) => {
    add(value);
    const parts = value.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    for (const part of parts) add(part);
    add(parts.join(''));
  };
  if (owner.name) addParts(owner.name);
  if (owner.email) {
    add(owner.email);
    const at = owner.email.lastIndexOf('@');
    const local = at > 0 ? owner.email.slice(0, at) : owner.email;
    addParts(local);
    // The organisation's name (`acme` of `acme.com`) is as guessable as the person's.
    const domain = at > 0 ? owner.email.slice(at + 1).split('.')[0] : undefined;
    if (domain) add(domain);
  }
  return [...words];
}

const COMMON_WARNINGS = new Set(['topTen', 'topHundred', 'common', 'similarToCommon']);

const LETTER = /\p{L}/u;

/**
 * Whether `word` stands on its own in `text` (no letter right before or after it): `Ada1984`
 * holds the name Ada, `Canada1984` does not.
 */
function holdsWord(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    const before = text[at - 1] ?? '';
    const after = text[at + word.length] ?? '';
    if (!LETTER.test(before) && !LETTER.test(after)) return true;
  }
  return false;
}

function classify(
  password: string,
  personal: string[],
  result: ZxcvbnResult,
  warnings: Record<string, string>,
): WeakReason {
  // The library may explain `Ada12345678` by a leaked password; the user should hear it is their name.
  const lower = password.toLowerCase();
  if (personal.some((word) => holdsWord(lower, word))) return 'personal';
  if (result.sequence.some((match) => match.dictionaryName === 'userInputs')) return 'personal';
  const warningKey = Object.keys(warnings).find((key) => warnings[key] === result.feedback.warning);
  if (warningKey && COMMON_WARNINGS.has(warningKey)) return 'common';
  return 'predictable';
}

/** Null when the password is strong enough for `owner`; otherwise why not. */
export async function passwordWeakness(
  password: string,
  owner: PasswordOwner,
): Promise<PasswordWeakness | null> {
  // Spaces alone would score as a mere repeat; say it plainly.
  if (password.trim() === '') return { reason: 'blank', warning: null, suggestions: [] };
  const { zxcvbn, warnings } = await loadChecker();
  const personal = personalWords(owner);
  const result = zxcvbn.check(password, personal);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const reason = classify(password, personal, result, warnings);
  return {
    reason,
    // Our reason already says "too common" or "personal"; a pattern's warning adds what the pattern is.
    warning: reason === 'predictable' ? result.feedback.warning : null,
    suggestions: result.feedback.suggestions,
  };
}

/** The refusal in the caller's language: our reason, then the library's warning and advice. */
export function weaknessMessage(weakness: PasswordWeakness, t: (msgid: string) => string): string {
  return [REASON_MSGIDS[weakness.reason], weakness.warning, ...weakness.suggestions]
    .filter((msgid): msgid is string => Boolean(msgid))
    .map((msgid) => t(msgid))
    .join(' ');
}

/**
 * The one check every way of setting a password goes through (sign-up, reset, change, first
 * password). Refuses with VALIDATION_ERROR on `field`, the name the form uses; nothing is stored.
 */
export async function assertStrongPassword(
  t: (msgid: string) => string,
  field: string,
  password: string,
  owner: PasswordOwner,
): Promise<void> {
  const weakness = await passwordWeakness(password, owner);
  if (weakness) throw validationError({ [field]: weaknessMessage(weakness, t) });
}
