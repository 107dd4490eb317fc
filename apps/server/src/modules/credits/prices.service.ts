import { BUILT_IN_FUNCTIONS } from '@app/contract/billing/money';
import type { FunctionPrice, ModelPrice } from '@app/contract/billing/prices';
import { OFFLINE_MODEL } from '@app/contract/billing/prices';
import { AppError } from '../../platform/app-error';
import { audited } from '../../platform/audit';
import type { Db } from '../../platform/db';
import type { SignedInContext } from '../../platform/endpoint';
import { toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import { currentPrices, priceCache } from './price-table';
import {
  type FunctionPriceRow,
  insertMissingPrices,
  lockFunctionPrice,
  lockModelPrice,
  type ModelPriceRow,
  removeModelPrice,
  upsertFunctionPrice,
  upsertModelPrice,
} from './prices.repo';

// What other modules may use of this module's queries (they never import its repositories).
export { insertMissingPrices } from './prices.repo';

/**
 * The price table and what a call costs by it (ARCHITECTURE section 8, Metering). One rule for
 * every metered call: its function's price per run plus its model's input and output tokens at
 * the model's credits per million, rounded up to a whole credit. The offline analyst buys no
 * tokens: its seeded price is 0, so an offline answer costs the function's price (the chat's is
 * 1 credit) until an admin says otherwise.
 */

/** The function prices a new install starts with: a chat message, an analysis run, an AI-table cell. */
export const SEEDED_FUNCTION_PRICES: Record<(typeof BUILT_IN_FUNCTIONS)[number], number> = {
  chat: 1,
  analysis: 5,
  ai_table: 1,
};

export async function seedPrices(db: Db): Promise<void> {
  await insertMissingPrices(
    db,
    [{ model: OFFLINE_MODEL, inputPerMillion: 0, outputPerMillion: 0 }],
    BUILT_IN_FUNCTIONS.map((key) => ({ functionKey: key, credits: SEEDED_FUNCTION_PRICES[key] })),
  );
}

const toModelPrice = (row: ModelPriceRow): ModelPrice => ({
  model: row.model,
  input_per_million: row.inputPerMillion,
  output_per_million: row.outputPerMillion,
  update_time: toSeconds(row.updatedAt),
});

const toFunctionPrice = (row: FunctionPriceRow): FunctionPrice => ({
  function_key: row.functionKey,
  credits: row.credits,
  update_time: toSeconds(row.updatedAt),
});

export async function getPrices(platform: Platform) {
  // The table every call is priced by, in key order (as it was loaded).
  const prices = await currentPrices(platform);
  return {
    models: [...prices.models.values()].map(toModelPrice),
    functions: [...prices.functions.values()].map(toFunctionPrice),
  };
}

export async function setModelPrice(
  platform: Platform,
  ctx: SignedInContext,
  input: { model: string; input_per_million: number; output_per_million: number },
) {
  // The repo moves the price version with the write; this instance drops its copy at once.
  const row = await priceCache(platform).change(() =>
    audited(
      platform.db,
      ctx,
      { action: 'price.model.update', targetType: 'model_price', targetId: input.model },
      async (tx) => {
        const before = await lockModelPrice(tx, input.model);
        const saved = await upsertModelPrice(tx, {
          model: input.model,
          inputPerMillion: input.input_per_million,
          outputPerMillion: input.output_per_million,
        });
        return {
          result: saved,
          before: before
            ? { input_per_million: before.inputPerMillion, output_per_million: before.outputPerMillion }
            : null,
          after: { input_per_million: saved.inputPerMillion, output_per_million: saved.outputPerMillion },
        };
      },
    ),
  );
  return { price: toModelPrice(row) };
}

export async function deleteModelPrice(platform: Platform, ctx: SignedInContext, model: string) {
  const deleted = await priceCache(platform).change(() =>
    audited(
      platform.db,
      ctx,
      { action: 'price.model.delete', targetType: 'model_price', targetId: model },
      async (tx) => {
        const before = await lockModelPrice(tx, model);
        if (!before) throw new AppError('NOT_FOUND', { msg: 'No price is set for this model' });
        await removeModelPrice(tx, model);
        return {
          result: true,
          before: { input_per_million: before.inputPerMillion, output_per_million: before.outputPerMillion },
          after: null,
        };
      },
    ),
  );
  return { deleted };
}

export async function setFunctionPrice(
  platform: Platform,
  ctx: SignedInContext,
  input: { function_key: string; credits: number },
) {
  const row = await priceCache(platform).change(() =>
    audited(
      platform.db,
      ctx,
      { action: 'price.function.update', targetType: 'function_price', targetId: input.function_key },
      async (tx) => {
        const before = await lockFunctionPrice(tx, input.function_key);
        const saved = await upsertFunctionPrice(tx, {
          functionKey: input.function_key,
          credits: input.credits,
        });
        return {
          result: saved,
          before: before ? { credits: before.credits } : null,
          after: { credits: saved.credits },
        };
      },
    ),
  );
  return { price: toFunctionPrice(row) };
}

/** What one metered call costs: known model and function, else a refusal naming what is unpriced. */
export interface CallCost {
  credits: number;
  functionCredits: number;
  tokenCredits: number;
}

/**
 * The cost of a call by the price table: `functionKey`'s price (an `area.name` function without
 * its own price pays its area's) plus the tokens at `model`'s rates, rounded up. A model without
 * a price cannot be metered, so it cannot be used: CONFLICT, saying so.
 */
export async function costOfCall(
  platform: Platform,
  call: { functionKey: string; model: string; inputTokens: number; outputTokens: number },
): Promise<CallCost> {
  const area = call.functionKey.split('.')[0] ?? call.functionKey;
  const prices = await currentPrices(platform);
  const model = prices.models.get(call.model);
  const own = prices.functions.get(call.functionKey);
  const ofArea = area === call.functionKey ? undefined : prices.functions.get(area);
  if (!model) {
    throw new AppError('CONFLICT', { msg: `The model ${call.model} has no price, so it cannot be used yet` });
  }
  const functionCredits = (own ?? ofArea)?.credits ?? 0;
  const tokenCredits = tokenCost(model, call.inputTokens, call.outputTokens);
  return { credits: functionCredits + tokenCredits, functionCredits, tokenCredits };
}

/** Tokens at a model's rates, rounded up to a whole credit (a part of a credit is a credit). */
export function tokenCost(
  price: Pick<ModelPriceRow, 'inputPerMillion' | 'outputPerMillion'>,
  inputTokens: number,
  outputTokens: number,
): number {
  const micro =
    Math.max(0, Math.round(inputTokens)) * price.inputPerMillion +
    Math.max(0, Math.round(outputTokens)) * price.outputPerMillion;
  return Math.ceil(micro / 1_000_000);
}
