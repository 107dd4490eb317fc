import { z } from 'zod';
import { zSeconds } from '../../common';

/** One admin mutation (ARCHITECTURE section 6, audit). */
export const zOperationRecord = z.object({
  id: z.number().int(),
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  result: z.enum(['success', 'failure']),
  error: z.string().nullable(),
  creation_time: zSeconds,
});
export type OperationRecord = z.infer<typeof zOperationRecord>;
