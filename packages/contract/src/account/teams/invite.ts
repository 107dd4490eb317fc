import { z } from 'zod';
import { zEmail, zSeconds } from '../../common';

/**
 * What team and project invites share: the link token, the state a link can be in, the pending
 * invite row and the answer to "invite by e-mail".
 */

/** 32 random bytes, base64url (43 characters); only its SHA-256 is stored. */
export const zInviteToken = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{43}$/, { message: 'This invite link is not valid' });

export const zInviteState = z.enum(['valid', 'expired', 'used', 'revoked']);
export type InviteState = z.infer<typeof zInviteState>;

/** Teams and projects invite as admin or member; ownership only moves by transfer. */
export const zInviteRole = z.enum(['admin', 'member'], { message: 'Choose admin or member' });

export const zInviteBody = z.object({ email: zEmail, role: zInviteRole.default('member') });
/** An invite as a form fills it in: the address and the role. */
export type InviteBody = z.infer<typeof zInviteBody>;

export const zTokenBody = z.object({ token: zInviteToken });

export const zPendingInvite = z.object({
  id: z.string(),
  email: z.string(),
  role: zInviteRole,
  invited_by_name: z.string().nullable(),
  state: zInviteState,
  created_at: zSeconds,
  expires_at: zSeconds,
});
export type PendingInvite = z.infer<typeof zPendingInvite>;

/**
 * The link is answered to the inviter only, once: the server keeps just its hash. `sent` says
 * honestly whether the e-mail went out; without SMTP the inviter copies the link.
 */
export const zInviteAnswer = z.object({
  invite: zPendingInvite,
  link: z.string(),
  sent: z.boolean(),
  reason: z.string().nullable(),
});

export const zInvitePreviewFields = {
  inviter_name: z.string().nullable(),
  email: z.string(),
  role: zInviteRole,
  state: zInviteState,
  expires_at: zSeconds,
  /** The signed-in user's e-mail is the invited one (else accepting is refused). */
  email_matches: z.boolean(),
  /**
   * The signed-in user's e-mail is verified. Accepting needs it (FORBIDDEN otherwise): the page
   * offers the verification code (`/api/account/security/email/...`) first.
   */
  email_verified: z.boolean(),
  already_member: z.boolean(),
};
/** What every invite preview says, whatever the invite leads to (a team, a project). */
export type InvitePreview = z.infer<z.ZodObject<typeof zInvitePreviewFields>>;
