import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint';
import { zDateRange, zFieldKey, zFreshness, zSourceRef } from './query';

/**
 * The values a text dimension holds over a range, with their weight (the source's main measure:
 * sessions, impressions, clicks, or rows of a dataset), found by what people type: so "mobile",
 * "brand" or a campaign's first letters map to the values stored, never to a guess. Matching
 * ignores case.
 */
export const lookupDimensionValues = defineEndpoint({
  method: 'POST',
  path: '/api/analytics/values',
  permission: 'signed_in',
  summary: "A text dimension's values over a range, by weight, matching what was typed",
  tags: ['analytics'],
  body: z.object({
    source: zSourceRef,
    origin: z.enum(['demo', 'team']).optional(),
    property: z.string().min(1).max(200).optional(),
    dimension: zFieldKey,
    date_range: zDateRange,
    /** What was typed; empty lists the heaviest values. */
    q: z.string().trim().max(200).default(''),
    match: z.enum(['prefix', 'contains']).default('contains'),
    limit: z.number().int().min(1).max(200).default(20),
  }),
  response: z.object({
    dimension: z.string(),
    /** The measure the weights are in (`sessions`, `impressions`, `clicks`, `rows`). */
    weight_metric: z.string(),
    items: z.array(z.object({ value: z.string(), weight: z.number() })),
    freshness: z.array(zFreshness),
  }),
});
