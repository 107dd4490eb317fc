import type { AiColumnConfig, CellValue } from '@app/contract/ai-tables/tables';
import { AD_LIMITS, type AdPreview, adProblems, adTextLength } from '@app/contract/analysis/ad-copy';
import { generateText } from 'ai';
import type { ActiveModel } from '../chat/assistant/providers';

/**
 * What writes one AI cell (issue 25): the active model with the column's prompt filled from the
 * row, or, with no model configured, the offline writer: a smaller real writer that states the
 * row's own fields (text), works out arithmetic over them (number), picks the label the row's
 * words name (label), and composes search ads from the row's keyword and the brand within Google
 * Ads' limits (ad copy). Whatever writes it, a cell's value is checked against its output type
 * (a number is a number, a label is one of the list, ad copy fits the limits) before it is kept.
 */

type Row = Record<string, string | number | null>;

export interface CellInput {
  config: AiColumnConfig;
  row: Row;
  /** Field names as shown (for the offline text). */
  fieldNames: Record<string, string>;
  brand: { name: string; website: string };
  locale: string;
}

export interface WrittenCell {
  value: CellValue;
  inputTokens: number;
  outputTokens: number;
}

export class CellError extends Error {}

const FIELD = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** The fields a prompt names, in order. */
export function promptFields(prompt: string): string[] {
  return [...new Set([...prompt.matchAll(FIELD)].map((match) => match[1] as string))];
}

/** The prompt with the row's values in place of `{{field}}` (an unknown field reads empty). */
export function fillPrompt(prompt: string, row: Row): string {
  return prompt.replace(FIELD, (_all, key: string) => {
    const value = row[key];
    return value === null || value === undefined ? '' : String(value);
  });
}

/** Text cut to `limit` as Google Ads counts it, at a word boundary where there is one. */
export function fitAdText(text: string, limit: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (adTextLength(clean) <= limit) return clean;
  let cut = '';
  for (const char of clean) {
    if (adTextLength(cut + char) > limit) break;
    cut += char;
  }
  const space = cut.lastIndexOf(' ');
  return (space > limit / 2 ? cut.slice(0, space) : cut).trim();
}

const capitalised = (text: string) => text.replace(/(^|\s)\p{L}/gu, (c) => c.toUpperCase());
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');

function offlineAd(input: CellInput): AdPreview {
  const fields = promptFields(input.config.prompt);
  const keyword = String(
    fields.map((f) => input.row[f]).find((v) => typeof v === 'string' && v.trim()) ?? '',
  ).trim();
  if (!keyword) throw new CellError('The prompt names no text field with a value to write the ad about');
  const brand = input.brand.name || 'Demo Store';
  const chinese = /[\u4e00-\u9fff]/.test(keyword) || input.locale.startsWith('zh');
  const fitAll = (texts: string[], limit: number) => texts.map((text) => fitAdText(text, limit));
  const site = input.brand.website.replace(/^https?:\/\//, '').replace(/\/.*$/, '') || 'www.example.com';
  if (chinese) {
    return {
      displayUrl: site,
      paths: fitAll([slug(keyword) || keyword, 'shop'], AD_LIMITS.path),
      headlines: fitAll([keyword, `${brand}官方网站`, '正品保障 全场包邮'], AD_LIMITS.headline),
      descriptions: fitAll(
        [
          `在${brand}选购${keyword}，多种款式可选，找到适合您的那一款。`,
          '快速发货，轻松退换，真人客服随时为您解答。',
        ],
        AD_LIMITS.description,
      ),
    };
  }
  return {
    displayUrl: site,
    paths: fitAll([slug(keyword), 'shop'], AD_LIMITS.path),
    headlines: fitAll(
      [capitalised(keyword), `${brand} Official Site`, 'Free Shipping & Returns'],
      AD_LIMITS.headline,
    ),
    descriptions: fitAll(
      [
        `Shop ${keyword} at ${brand}. Compare options and find the right fit today.`,
        'Fast delivery, easy returns and help from real people. Order online now.',
      ],
      AD_LIMITS.description,
    ),
  };
}

/** + - * / and brackets over numbers, nothing else (never `eval`). */
export function arithmetic(text: string): number | null {
  const tokens = text.replace(/,/g, '').match(/\d+(?:\.\d+)?|[-+*/()]|\S/g) ?? [];
  let at = 0;
  const peek = () => tokens[at];
  const expression = (): number => {
    let value = term();
    while (peek() === '+' || peek() === '-') value = tokens[at++] === '+' ? value + term() : value - term();
    return value;
  };
  const term = (): number => {
    let value = factor();
    while (peek() === '*' || peek() === '/') {
      const op = tokens[at++];
      const right = factor();
      value = op === '*' ? value * right : value / right;
    }
    return value;
  };
  const factor = (): number => {
    const token = tokens[at++];
    if (token === '-') return -factor();
    if (token === '(') {
      const value = expression();
      if (tokens[at++] !== ')') throw new Error('unclosed');
      return value;
    }
    if (token !== undefined && /^\d/.test(token)) return Number(token);
    throw new Error('not arithmetic');
  };
  try {
    const value = expression();
    return at === tokens.length && Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

function offline(input: CellInput): CellValue {
  const { config, row } = input;
  const fields = promptFields(config.prompt);
  switch (config.output) {
    case 'text': {
      const parts = fields
        .filter((f) => row[f] !== null && row[f] !== undefined && row[f] !== '')
        .map((f) => `${input.fieldNames[f] ?? f}: ${row[f]}`);
      if (parts.length === 0) throw new CellError('The prompt names no field with a value in this row');
      return parts.join(' · ');
    }
    case 'number': {
      const filled = fillPrompt(config.prompt, row);
      const value = arithmetic(filled);
      if (value === null) {
        throw new CellError(
          'The offline writer works out arithmetic over the row, like {{clicks}} / {{impressions}}; connect a model for other questions',
        );
      }
      return Math.round(value * 1e6) / 1e6;
    }
    case 'label': {
      const labels = config.labels ?? [];
      const text = fields
        .map((f) => row[f])
        .filter((v) => v !== null && v !== undefined)
        .join(' ')
        .toLowerCase();
      const named = labels.find((label) => text.includes(label.toLowerCase()));
      const byWord = labels.find((label) =>
        label
          .toLowerCase()
          .split(/\s+/)
          .some((word) => word.length > 2 && text.includes(word)),
      );
      const other = labels.find((label) => /^(other|others|其他|其它|autre|autres)$/i.test(label.trim()));
      const chosen = named ?? byWord ?? other;
      if (!chosen) throw new CellError('No label of the list is named by this row');
      return chosen;
    }
    case 'ad_copy':
      return offlineAd(input);
  }
}

const INSTRUCTIONS: Record<AiColumnConfig['output'], string> = {
  text: 'Answer with the text only, no preamble.',
  number: 'Answer with one number only (digits, optional decimal point), nothing else.',
  label: 'Answer with exactly one label of the list, written as in the list, nothing else.',
  ad_copy:
    'Answer with JSON only: {"displayUrl": string, "paths": [2 strings], "headlines": [3 strings], "descriptions": [2 strings]}. Google Ads limits: headline 30 characters, description 90, path 15; a Chinese, Japanese or Korean character counts as 2.',
};

/** A model's answer as the column's type, or why it is not one. */
export function readAnswer(config: AiColumnConfig, answer: string): CellValue {
  const text = answer.trim();
  switch (config.output) {
    case 'text':
      if (!text) throw new CellError('The model answered nothing');
      return text.slice(0, 4000);
    case 'number': {
      const n = Number(text.replace(/[,\s]/g, ''));
      if (!Number.isFinite(n)) throw new CellError(`The model answered "${text.slice(0, 60)}", not a number`);
      return n;
    }
    case 'label': {
      const found = (config.labels ?? []).find((label) => label.toLowerCase() === text.toLowerCase());
      if (!found) throw new CellError(`The model answered "${text.slice(0, 60)}", not one of the labels`);
      return found;
    }
    case 'ad_copy': {
      let ad: AdPreview;
      try {
        const json = JSON.parse(text.replace(/^```(?:json)?|```$/g, '').trim()) as AdPreview;
        ad = {
          displayUrl: String(json.displayUrl ?? ''),
          paths: (json.paths ?? []).slice(0, 2).map(String),
          headlines: (json.headlines ?? []).slice(0, 3).map(String),
          descriptions: (json.descriptions ?? []).slice(0, 2).map(String),
        };
      } catch {
        throw new CellError('The model did not answer ad copy as JSON');
      }
      checkAd(ad);
      return ad;
    }
  }
}

/** Ad copy over Google Ads' limits is refused, naming the piece. */
export function checkAd(ad: AdPreview): void {
  const [problem] = adProblems(ad);
  if (problem) {
    throw new CellError(
      `${problem.field} ${problem.index + 1} is ${problem.length} characters, over the limit of ${problem.limit}`,
    );
  }
}

export async function writeCell(
  active: ActiveModel,
  input: CellInput,
  signal?: AbortSignal,
): Promise<WrittenCell> {
  if (active.kind === 'offline') {
    const value = offline(input);
    if (value !== null && typeof value === 'object') checkAd(value);
    return { value, inputTokens: 0, outputTokens: 0 };
  }
  const labels =
    input.config.output === 'label' ? `\nLabels: ${(input.config.labels ?? []).join(' | ')}` : '';
  const answer = await generateText({
    model: active.model,
    system: `You fill one cell of a marketing table for a marketer. ${INSTRUCTIONS[input.config.output]}${labels}`,
    prompt: fillPrompt(input.config.prompt, input.row),
    maxOutputTokens: 600,
    abortSignal: signal,
  });
  return {
    value: readAnswer(input.config, answer.text),
    inputTokens: answer.usage.inputTokens ?? 0,
    outputTokens: answer.usage.outputTokens ?? 0,
  };
}
