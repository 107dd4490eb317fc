import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint';
import { zFunctionKey } from './money';

/**
 * The price table (ARCHITECTURE section 8, Metering): credits per million input and output tokens
 * of each model, and a price per run of each AI function. A message of the assistant costs its
 * function's price plus its model's tokens at these rates (rounded up to a whole credit); an
 * answer of the offline analyst uses no paid model, so it costs the function's price alone.
 * Edited by admins on `/admin/usm/function/permission`; every change is an operation record.
 */

/** A whole number of credits an admin may set: 0 (free) up to a billion. */
export const zPriceCredits = z
  .number({ message: 'A whole number of credits' })
  .int({ message: 'A whole number of credits' })
  .min(0, { message: 'A price is 0 or more credits' })
  .max(1_000_000_000, { message: 'A price is at most 1,000,000,000 credits' });

/** A model as the providers name it (`gpt-4o-mini`, `deepseek-chat`, `qwen-plus`, `offline`). */
export const zModelName = z
  .string()
  .trim()
  .min(1, { message: 'Name the model' })
  .max(120, { message: 'Input exceeds maximum length' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:/@-]*$/, {
    message: 'A model name: letters, digits and . _ : / @ -',
  });

/** The offline analyst's entry: no tokens are bought, so it is priced at 0 unless an admin says otherwise. */
export const OFFLINE_MODEL = 'offline';

export const zModelPrice = z.object({
  model: z.string(),
  input_per_million: z.number().int(),
  output_per_million: z.number().int(),
  /** Unix seconds of the last change. */
  update_time: z.number().int(),
});
export type ModelPrice = z.infer<typeof zModelPrice>;

export const zFunctionPrice = z.object({
  function_key: z.string(),
  credits: z.number().int(),
  update_time: z.number().int(),
});
export type FunctionPrice = z.infer<typeof zFunctionPrice>;

export const getPrices = defineEndpoint({
  method: 'GET',
  path: '/api/admin/usm/prices',
  permission: 'admin.plans.read',
  summary: "The price table: each model's credits per million tokens and each function's price per run",
  tags: ['admin: billing'],
  response: z.object({ models: z.array(zModelPrice), functions: z.array(zFunctionPrice) }),
});

export const putModelPrice = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/usm/prices/models',
  permission: 'admin.plans.edit',
  summary: "Set a model's credits per million input and output tokens (recorded)",
  tags: ['admin: billing'],
  body: z.object({
    model: zModelName,
    input_per_million: zPriceCredits,
    output_per_million: zPriceCredits,
  }),
  response: z.object({ price: zModelPrice }),
});

export const deleteModelPrice = defineEndpoint({
  method: 'DELETE',
  path: '/api/admin/usm/prices/models',
  permission: 'admin.plans.edit',
  summary: "Remove a model's price: the model can no longer be metered, so it is not offered (recorded)",
  tags: ['admin: billing'],
  query: z.object({ model: zModelName }),
  response: z.object({ deleted: z.boolean() }),
});

export const putFunctionPrice = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/usm/prices/functions',
  permission: 'admin.plans.edit',
  summary: "Set a function's price per run in credits (recorded)",
  tags: ['admin: billing'],
  body: z.object({ function_key: zFunctionKey, credits: zPriceCredits }),
  response: z.object({ price: zFunctionPrice }),
});
