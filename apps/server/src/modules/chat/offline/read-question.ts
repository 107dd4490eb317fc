import type { Day } from '@app/contract/analytics/date-ranges';
import type { CompareInput, DateRangeInput, GoogleSource } from '@app/contract/analytics/query';
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import { numberOf, readTime } from './read-time';
import {
  BRAND_PHRASES,
  DIMENSION_TERMS,
  METRIC_TERMS,
  SOURCE_TERMS,
  STOP_WORDS,
  type Term,
  VALUE_TERMS,
} from './vocabulary';

/**
 * The offline analyst's reading of a question (ARCHITECTURE section 8): which source, metrics,
 * dimensions, filters, range, comparison and top-N it asks for, in the catalogue's own keys, and
 * which of its words were not understood. Nothing is guessed: a question naming no metric reads
 * with no metric (a follow-up then takes the previous question's), and the words left over are
 * reported, not dropped.
 */

export interface ValueFilter {
  dimension: string;
  /** What the lookup finds the stored value by (`mobile`, `Organic Search`). */
  value: string;
  exclude: boolean;
}

export interface QuestionReading {
  /** Sources the question names, in the order it names them, with where. */
  sources: { source: GoogleSource; at: number }[];
  metrics: { key: string; sources: GoogleSource[]; at: number }[];
  dimensions: { key: string; sources: GoogleSource[]; at: number }[];
  values: ValueFilter[];
  /** "excluding brand" (true), "brand only" (false), or not said. */
  brand: { exclude: boolean } | null;
  range: DateRangeInput | null;
  compare: CompareInput | null;
  top: { n: number; direction: 'desc' | 'asc' } | null;
  /** Said as a continuation: "and for mobile?", 那移动端呢, "same for last year". */
  followUp: boolean;
  /** Content words the reading did not use. */
  unread: string[];
  chinese: boolean;
}

type Kind = 'metric' | 'dimension' | 'value' | 'brand';
interface Phrase {
  text: string;
  kind: Kind;
  term?: Term;
  value?: (typeof VALUE_TERMS)[number];
}

const PHRASES: Phrase[] = [
  ...METRIC_TERMS.flatMap((term) => term.phrases.map((text) => ({ text, kind: 'metric' as const, term }))),
  ...DIMENSION_TERMS.flatMap((term) =>
    term.phrases.map((text) => ({ text, kind: 'dimension' as const, term })),
  ),
  ...VALUE_TERMS.flatMap((value) => value.phrases.map((text) => ({ text, kind: 'value' as const, value }))),
  ...BRAND_PHRASES.map((text) => ({ text, kind: 'brand' as const })),
].sort((a, b) => b.text.length - a.text.length);

const ASCII = /^[\x20-\x7e]+$/;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Where `phrase` occurs in `text` (lower-cased), whole words for English. */
function occurrences(text: string, phrase: string): number[] {
  const found: number[] = [];
  const pattern = ASCII.test(phrase)
    ? new RegExp(`(?<![a-z0-9])${escapeRegExp(phrase)}(?![a-z0-9])`, 'g')
    : new RegExp(escapeRegExp(phrase), 'g');
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) found.push(match.index);
  return found;
}

type Span = [number, number];
const overlaps = (span: Span, spans: Span[]) => spans.some(([s, e]) => span[0] < e && s < span[1]);

/** Words before a value or "brand" that turn it into an exclusion. */
const EXCLUDE_BEFORE =
  /(?:excluding|exclude|except(?: for)?|without|not|no|non-?|other than|不含|不包括|不包含|排除|除了|除去|去掉|剔除|非)\s*$/i;

const FOLLOW_UP =
  /^\s*(?:and|what about|how about|same (?:for|but|as)|now|then|also|again)\b|^\s*(?:那|那么|那在|换成|改成|再看|同样|如果是|还有)|(?:呢|呢？|呢\?)\s*[?？]?\s*$/i;

let segmenter: Jieba | null = null;
/** jieba with the analyst's own Chinese phrases, so 会话数 and 不含品牌词 stay words. */
function jieba(): Jieba {
  if (!segmenter) {
    segmenter = Jieba.withDict(dict);
    const words = PHRASES.map((p) => p.text)
      .concat(SOURCE_TERMS.flatMap((s) => s.phrases))
      .filter((text) => /^[\u4e00-\u9fff]+$/.test(text));
    segmenter.loadDict(Buffer.from(words.map((word) => `${word} 100000`).join('\n')));
  }
  return segmenter;
}

function readTop(text: string): { top: QuestionReading['top']; span: Span | null } {
  const rules: { pattern: RegExp; direction: 'desc' | 'asc' }[] = [
    { pattern: /\b(?:top|best|highest|largest|biggest|leading)\s+(\d{1,3}|[a-z]+)\b/i, direction: 'desc' },
    { pattern: /\b(?:bottom|worst|lowest|smallest|weakest)\s+(\d{1,3}|[a-z]+)\b/i, direction: 'asc' },
    {
      pattern:
        /(?:前|最高的?|最多的?|最好的?|排名前)\s*(\d{1,3}|[一二两三四五六七八九十]{1,3})\s*(?:名|个|位|条|大)?/,
      direction: 'desc',
    },
    {
      pattern:
        /(?:后|倒数|最低的?|最少的?|最差的?)\s*(\d{1,3}|[一二两三四五六七八九十]{1,3})\s*(?:名|个|位|条)?/,
      direction: 'asc',
    },
  ];
  const words: Record<string, number> = {
    one: 1,
    two: 2,
    three: 3,
    four: 4,
    five: 5,
    six: 6,
    seven: 7,
    eight: 8,
    nine: 9,
    ten: 10,
    twenty: 20,
  };
  for (const rule of rules) {
    const match = rule.pattern.exec(text);
    if (!match) continue;
    const said = (match[1] ?? '').toLowerCase();
    const n = numberOf(said) ?? words[said] ?? null;
    if (n === null || n < 1) continue;
    return {
      top: { n: Math.min(n, 100), direction: rule.direction },
      span: [match.index, match.index + match[0].length],
    };
  }
  // "the most", 最多: the largest first, without a count.
  const most = /\b(?:most|highest|best)\b|最多|最高|最好/i.exec(text);
  if (most) return { top: { n: 10, direction: 'desc' }, span: [most.index, most.index + most[0].length] };
  const least = /\b(?:least|lowest|worst|fewest)\b|最少|最低|最差/i.exec(text);
  if (least) return { top: { n: 10, direction: 'asc' }, span: [least.index, least.index + least[0].length] };
  return { top: null, span: null };
}

/** What `question` asks, as of `today` (the caller's day). */
export function readQuestion(question: string, today: Day): QuestionReading {
  const text = question
    .toLowerCase()
    .replace(
      /[，。！？、；：]/g,
      (c) => ({ '，': ',', '。': '.', '！': '!', '？': '?', '、': ',', '；': ';', '：': ':' })[c] ?? c,
    );
  const chinese = /[\u4e00-\u9fff]/.test(question);
  const time = readTime(text, today);
  const used: Span[] = [...time.spans];
  const top = readTop(text);
  if (top.span) used.push(top.span);

  const sources: QuestionReading['sources'] = [];
  const sourceSpans: Span[] = [];
  for (const { source, phrases } of SOURCE_TERMS) {
    for (const phrase of [...phrases].sort((a, b) => b.length - a.length)) {
      for (const at of occurrences(text, phrase)) {
        const span: Span = [at, at + phrase.length];
        if (overlaps(span, sourceSpans)) continue;
        sourceSpans.push(span);
        sources.push({ source, at });
      }
    }
  }
  sources.sort((a, b) => a.at - b.at);

  const metrics: QuestionReading['metrics'] = [];
  const dimensions: QuestionReading['dimensions'] = [];
  const values: ValueFilter[] = [];
  let brand: QuestionReading['brand'] = null;
  for (const phrase of PHRASES) {
    for (const at of occurrences(text, phrase.text)) {
      const span: Span = [at, at + phrase.text.length];
      if (overlaps(span, used)) continue;
      // "ad spend" names Ads and its cost; a source word alone ("ads", "analytics") is no field.
      const exclude = EXCLUDE_BEFORE.test(text.slice(Math.max(0, at - 14), at));
      if (phrase.kind === 'metric' && phrase.term) {
        if (!metrics.some((m) => m.key === phrase.term?.key)) {
          metrics.push({ key: phrase.term.key, sources: phrase.term.sources, at });
        }
      } else if (phrase.kind === 'dimension' && phrase.term) {
        if (!dimensions.some((d) => d.key === phrase.term?.key)) {
          dimensions.push({ key: phrase.term.key, sources: phrase.term.sources, at });
        }
      } else if (phrase.kind === 'value' && phrase.value) {
        const { dimension, value } = phrase.value;
        if (!values.some((v) => v.dimension === dimension && v.value === value)) {
          values.push({ dimension, value, exclude });
        }
      } else if (phrase.kind === 'brand') {
        brand = { exclude };
      }
      used.push(span);
    }
  }
  metrics.sort((a, b) => a.at - b.at);
  dimensions.sort((a, b) => a.at - b.at);

  // What is left, in words: English split on non-letters, Chinese cut by jieba.
  const rest = text.replace(/./gsu, (char, offset: number) =>
    overlaps([offset, offset + 1], [...used, ...sourceSpans]) ? ' ' : char,
  );
  const unread: string[] = [];
  for (const piece of rest.split(/[\s,.!?;:()"'“”‘’/|+\-=*%$#@&^~`<>[\]{}]+/)) {
    if (!piece) continue;
    const words = /[\u4e00-\u9fff]/.test(piece) ? jieba().cut(piece, false) : [piece];
    for (const word of words) {
      const clean = word.trim();
      if (!clean || STOP_WORDS.has(clean) || /^\d+$/.test(clean)) continue;
      if (/^[\u4e00-\u9fff]$/.test(clean)) continue;
      unread.push(clean);
    }
  }
  return {
    sources,
    metrics,
    dimensions,
    values,
    brand,
    range: time.range,
    compare: time.compare,
    top: top.top,
    followUp: FOLLOW_UP.test(question),
    unread,
    chinese,
  };
}
