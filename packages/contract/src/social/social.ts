import { z } from 'zod';
import { zSecondFactor } from '../auth/sign-in';
import { zAuthUser } from '../auth/sign-up';
import { zSeconds } from '../common';
import { defineEndpoint } from '../define-endpoint';

const tags = ['social sign-in'];

/** The identity providers a user may sign in with or link to their account. */
export const zSocialProvider = z.enum(['google', 'wechat']);
export type SocialProvider = z.infer<typeof zSocialProvider>;

/**
 * Which providers the server holds credentials for, so the sign-in buttons can say "not
 * configured" instead of failing. WeChat has two apps: the website QR login (`wechat_open`) and
 * the official account used inside the WeChat browser (`wechat_offi`).
 */
export const zSocialProviders = z.object({
  google: z.object({ configured: z.boolean() }),
  wechat_open: z.object({ configured: z.boolean() }),
  wechat_offi: z.object({ configured: z.boolean() }),
});
export type SocialProviders = z.infer<typeof zSocialProviders>;

export const getSocialProviders = defineEndpoint({
  method: 'GET',
  path: '/api/social/providers',
  permission: 'public',
  summary: 'Which social sign-in providers are configured',
  tags,
  response: zSocialProviders,
});

/**
 * Where the web sends the visitor after signing in; a path inside the app only (`/chat?x=1`),
 * never another site.
 */
export const zNextPath = z
  .string()
  .max(2000, { message: 'Input exceeds maximum length' })
  .refine((value) => value.startsWith('/') && !value.startsWith('//') && !value.includes('\\'), {
    message: 'Must be a path inside the app',
  });

/** One external account linked to a user (`GET /api/account/social-accounts`). */
export const zSocialAccount = z.object({
  id: z.string(),
  provider: zSocialProvider,
  /** The name the provider shows (Google name or e-mail, WeChat nickname). */
  display_name: z.string(),
  /** Google's e-mail address; null for WeChat. */
  email: z.string().nullable(),
  created_at: zSeconds,
  last_used_at: zSeconds.nullable(),
});
export type SocialAccount = z.infer<typeof zSocialAccount>;

/**
 * What a provider callback answers. `sign_in`: like `POST /api/auth/sign-in/email` (the token, or
 * a pending second factor). `bind`: the account now linked, no new token. `base` (WeChat inside its
 * own browser, silent): a token only when the WeChat user is already linked to an account.
 * `next` is where the flow asked to return (`callback_route` for the WeChat official account).
 */
export const zSocialCallbackResult = z.object({
  purpose: z.enum(['sign_in', 'bind', 'base']),
  token: z.string().nullable(),
  user: zAuthUser.nullable(),
  two_factor_required: z.boolean(),
  two_factor_token: z.string().optional(),
  two_factor_methods: z.array(zSecondFactor).optional(),
  /** True when this sign-in created the account. */
  created: z.boolean(),
  account: zSocialAccount.nullable(),
  next: z.string().nullable(),
  callback_route: z.string().optional(),
});
export type SocialCallbackResult = z.infer<typeof zSocialCallbackResult>;

/** The `code` and `state` the provider appended to the callback route. */
export const zCodeCallbackBody = z.object({
  code: z
    .string()
    .trim()
    .min(1, { message: 'The provider sent no code' })
    .max(2048, { message: 'Input exceeds maximum length' }),
  state: z
    .string()
    .trim()
    .min(1, { message: 'The provider sent no state' })
    .max(512, { message: 'Input exceeds maximum length' }),
});

export const listSocialAccounts = defineEndpoint({
  method: 'GET',
  path: '/api/account/social-accounts',
  permission: 'signed_in',
  summary: "The caller's linked Google and WeChat accounts, and whether they have a password",
  tags,
  response: z.object({ items: z.array(zSocialAccount), has_password: z.boolean() }),
});

/** Refused when it would leave the account with no way to sign in (no password, no other link). */
export const deleteSocialAccount = defineEndpoint({
  method: 'DELETE',
  path: '/api/account/social-accounts/{id}',
  permission: 'signed_in',
  summary: 'Unlink one Google or WeChat account',
  tags,
  params: z.object({ id: z.string().min(1).max(64) }),
  response: z.object({ removed: z.literal(true) }),
});
