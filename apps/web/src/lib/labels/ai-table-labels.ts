import type {
  AiModel,
  AiOutputType,
  AiTableSource,
  CellStatus,
  ColumnRun,
} from '@app/contract/ai-tables/tables';
import type { Translate } from './translate';

/** The words of an AI table's values (issue 25), one table per enum. */

type Labels<Value extends string> = Record<Value, (t: Translate) => string>;

function labeller<Value extends string>(labels: Labels<Value>) {
  return (value: string, t: Translate): string =>
    Object.hasOwn(labels, value) ? labels[value as Value](t) : value;
}

/** What an AI column makes ("Text" alone reads as body text in Chinese, hence "Plain text"). */
export const aiOutputTypeLabel = labeller<AiOutputType>({
  text: (t) => t('Plain text'),
  number: (t) => t('Number'),
  label: (t) => t('A label from a list'),
  ad_copy: (t) => t('Ad copy'),
});

/** Who serves a model an AI column can use (provider names stay as their makers write them). */
export const aiModelKindLabel = labeller<AiModel['kind']>({
  llm_openai_compatible: () => 'OpenAI-compatible',
  llm_anthropic: () => 'Anthropic',
  llm_gemini: () => 'Google Gemini',
  offline: (t) => t('Offline writer: arithmetic over the row, no model'),
});

/** Where an AI cell stands. */
export const cellStatusLabel = labeller<CellStatus>({
  empty: (t) => t('Empty'),
  queued: (t) => t('Queued'),
  running: (t) => t('Running'),
  done: (t) => t('Done'),
  failed: (t) => t('Failed'),
});

/** Where a column run stands. */
export const columnRunStatusLabel = labeller<ColumnRun['status']>({
  running: (t) => t('Running'),
  paused: (t) => t('Paused'),
  done: (t) => t('Completed'),
  cancelled: (t) => t('Canceled'),
});

/** Where a table's rows came from. */
export const aiSourceKindLabel = labeller<AiTableSource['kind']>({
  dataset: (t) => t('Dataset'),
  result: (t) => t('Kept result'),
});

/** The source kinds, for the new-table form's choice (the contract spells them as literals). */
export const AI_SOURCE_KINDS = ['dataset', 'result'] as const satisfies readonly AiTableSource['kind'][];
