import { generateText } from 'ai';
import type { ActiveModel } from '../chat/assistant/providers';
import { GLOSSARY } from './glossary';

/**
 * AI fill-in of missing translations (issue 28 item 3): the chat's model translates a batch of
 * msgids into one language, keeping placeholders (`{{count}}`, `{name}`, `%s`) and HTML tags, and
 * the product's terms as the glossary says them. Answers are suggestions only: one that lost or
 * added a placeholder or a tag is rejected here, and nothing is saved until an admin saves it.
 */

/** Placeholders and HTML tags, in a canonical form, sorted: what a translation must keep. */
export function tokensOf(text: string): string[] {
  const tokens = [
    ...(text.match(/\{\{\s*[\w.-]+\s*\}\}/g) ?? []).map((token) => token.replace(/\s+/g, '')),
    ...(text.replace(/\{\{\s*[\w.-]+\s*\}\}/g, '').match(/\{[\w.-]+\}/g) ?? []),
    ...(text.match(/%(\d+\$)?[sdif]/g) ?? []),
    ...(text.match(/<\/?[a-zA-Z][\w-]*/g) ?? []).map((tag) => tag.toLowerCase()),
  ];
  return tokens.sort();
}

/** Why a suggestion cannot be offered, or null when it keeps what the msgid holds. */
export function suggestionProblem(msgid: string, msgstr: string): string | null {
  if (!msgstr.trim()) return 'The model answered nothing';
  const want = tokensOf(msgid);
  const got = tokensOf(msgstr);
  const missing = want.filter(
    (token, i) => want.indexOf(token) === i && count(got, token) < count(want, token),
  );
  if (missing.length) return `Lost ${missing.join(' ')}`;
  const extra = got.filter((token, i) => got.indexOf(token) === i && count(want, token) < count(got, token));
  if (extra.length) return `Added ${extra.join(' ')}`;
  return null;
}

function count(list: string[], token: string): number {
  return list.filter((item) => item === token).length;
}

function glossaryLines(loc: string): string[] {
  if (loc !== 'zh_CN' && loc !== 'zh_HK' && loc !== 'fr_FR') return [];
  return GLOSSARY.map((term) => `- "${term.term}" is written "${term.forms[loc][0]}"`);
}

export interface FillAnswer {
  suggestions: { msgid: string; msgstr: string }[];
  rejected: { msgid: string; msgstr: string; reason: string }[];
}

/** Reads the model's JSON object out of its answer (a fenced block or bare). */
function answerObject(text: string): Record<string, unknown> {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return {};
  try {
    const parsed: unknown = JSON.parse(text.slice(start, end + 1));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

export async function fillTranslations(
  model: Extract<ActiveModel, { kind: 'remote' }>,
  language: { loc: string; display: string },
  msgids: string[],
): Promise<FillAnswer> {
  const answer: FillAnswer = { suggestions: [], rejected: [] };
  if (!msgids.length) return answer;
  const glossary = glossaryLines(language.loc);
  const reply = await generateText({
    model: model.model,
    system: [
      `You translate the user interface texts of a web product from English into ${language.display} (${language.loc}).`,
      'Answer with one JSON object only: each English text given, as the key, and its translation as the value.',
      'Keep every placeholder exactly as written ({{count}}, {name}, %s) and every HTML tag; translate only the words.',
      'Keep the tone short and plain, as on buttons, labels and messages.',
      ...(glossary.length ? ['Use these terms:', ...glossary] : []),
    ].join('\n'),
    prompt: JSON.stringify(msgids),
    maxOutputTokens: 4000,
  });
  const translated = answerObject(reply.text);
  for (const msgid of msgids) {
    const value = translated[msgid];
    if (typeof value !== 'string') continue;
    const msgstr = value.trim();
    const problem = suggestionProblem(msgid, msgstr);
    if (problem) answer.rejected.push({ msgid, msgstr, reason: problem });
    else answer.suggestions.push({ msgid, msgstr });
  }
  return answer;
}
