import { z } from 'zod';

/** The error codes of ARCHITECTURE section 5, with the HTTP status each travels with. */
export const ERROR_STATUS = {
  BEARER_TOKEN_ERROR: 401,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  VALIDATION_ERROR: 400,
  NOT_FOUND: 404,
  CONFLICT: 409,
  INSUFFICIENT_CREDITS: 402,
  RATE_LIMITED: 429,
  SERVER_ERROR: 500,
  /** A restore is under way (issue 28 item 8): try again after `_retry_.waiting_time` seconds. */
  MAINTENANCE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const zErrorCode = z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]);

export const zErrorBody = z.object({
  error_code: zErrorCode,
  msg: z.string(),
  req_id: z.string(),
  /** VALIDATION_ERROR: a message per offending field, keyed by the field's wire name. */
  fields: z.record(z.string(), z.string()).optional(),
  /** INSUFFICIENT_CREDITS */
  msg_limit: z.object({ required: z.number(), balance: z.number() }).optional(),
  /** RATE_LIMITED, MAINTENANCE: seconds to wait before trying again. */
  _retry_: z.object({ waiting_time: z.number() }).optional(),
  /** CONFLICT on deleting a folder that holds files: how many go with it (ask, then confirm). */
  files_count: z.number().int().optional(),
});
export type ErrorBody = z.infer<typeof zErrorBody>;
