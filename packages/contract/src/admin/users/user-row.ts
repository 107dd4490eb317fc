import { z } from 'zod';
import { zSeconds } from '../../common';

/** A user as operators see them: the real e-mail (they act on it), role and ban state. */
export const zAdminUserRow = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  avatar_url: z.string().nullable(),
  role: z.string(),
  role_name: z.string(),
  banned: z.boolean(),
  ban_reason: z.string().nullable(),
  created_at: zSeconds,
  last_active_at: zSeconds.nullable(),
});
export type AdminUserRow = z.infer<typeof zAdminUserRow>;

export const zUserIdParams = z.object({ id: z.string().min(1).max(64) });
