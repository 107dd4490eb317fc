import type { KeptResult } from '@app/contract/analytics/query';
import type { ReplyPart } from '@app/contract/chat/parts';
import type { ToolSet } from 'ai';
import type { SignedInContext } from '../../../platform/endpoint';
import type { Platform } from '../../../platform/platform';

/**
 * The AI functions the team's plan allows, offered to the assistant as tools (issue 24, Tools).
 * Functions are the analysis module's, which sits above chat (it sends a run to a chat and uses
 * chat's charts and result parts), so chat may not import it: the analysis module registers how
 * its functions become tools when it registers its routes, and a message asks for them here.
 */

/** Where a tool's work goes while a reply is written. */
export interface ToolSink {
  /** Reply parts for the page and the kept message. */
  emit: (parts: ReplyPart[]) => void;
  /** Credits a tool charged on its own hold (a function run's price), shown with the reply's cost. */
  charged: (credits: number) => void;
  /**
   * A tool's work under way (a function run). The reply is not settled before it ends: a reply
   * the user stops while a run goes on still shows the run and counts what it charged.
   */
  running: (work: Promise<unknown>) => void;
}

/** A function offered as a tool, as the offline analyst needs to choose it. */
export interface OfferedFunction {
  tool: string;
  key: string;
  /** In the reply's language. */
  name: string;
  /** Words of a question that ask for it (the definition's `chat_phrases`), lower case. */
  phrases: string[];
  /** The date parameter a question's range fills, and whether it takes a comparison. */
  date: { key: string; compare: boolean } | null;
  /** Option and check-list parameters, with their values, that a question's metric or dimension fills. */
  choices: { key: string; multiple: boolean; values: string[]; fallback: string | null }[];
}

/** What a function's tool answers the model: the run, its summary and the first rows of its tables. */
export interface FunctionRunSummary {
  function: string;
  run_id: string;
  version: number;
  credits: number;
  summary: string;
  tables: {
    result_id: string;
    columns: { field?: string; header: string; range?: string }[];
    rows: Record<string, unknown>[];
    row_count: number;
    ranges: KeptResult['ranges'];
  }[];
}

export interface FunctionTools {
  tools: ToolSet;
  offers: OfferedFunction[];
}

export type FunctionToolProvider = (
  platform: Platform,
  ctx: SignedInContext,
  sink: ToolSink,
) => Promise<FunctionTools>;

const providers = new WeakMap<Platform, FunctionToolProvider>();

export function registerFunctionTools(platform: Platform, provider: FunctionToolProvider): void {
  providers.set(platform, provider);
}

const NONE: FunctionTools = { tools: {}, offers: [] };

/** The function tools for one message; none when no module offers functions. */
export async function functionToolsFor(
  platform: Platform,
  ctx: SignedInContext,
  sink: ToolSink,
): Promise<FunctionTools> {
  const provider = providers.get(platform);
  return provider ? provider(platform, ctx, sink) : NONE;
}
