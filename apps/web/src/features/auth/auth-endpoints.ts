import type { postForgotPassword } from '@app/contract/auth/forgot-password';
import type { postResetPassword } from '@app/contract/auth/reset-password';
import type { postSignIn } from '@app/contract/auth/sign-in';
import type { postSignUp } from '@app/contract/auth/sign-up';
import type { postVerifyRecoveryCode, postVerifyTotp } from '@app/contract/auth/two-factor';
import { endpointRef } from '../../lib/api/light-client';

/**
 * The sign-in pages' endpoints, called through the light client: typed (and path-checked) by the
 * contract's endpoints, imported as types only, so the pages load no zod (docs/performance.md).
 */
export const signInEndpoint = endpointRef<typeof postSignIn>('POST', '/api/auth/sign-in/email');
export const signUpEndpoint = endpointRef<typeof postSignUp>('POST', '/api/auth/sign-up/email');
export const verifyTotpEndpoint = endpointRef<typeof postVerifyTotp>(
  'POST',
  '/api/auth/two-factor/verify-totp',
);
export const verifyRecoveryCodeEndpoint = endpointRef<typeof postVerifyRecoveryCode>(
  'POST',
  '/api/auth/two-factor/verify-backup-code',
);
export const forgotPasswordEndpoint = endpointRef<typeof postForgotPassword>(
  'POST',
  '/api/auth/forgot-password',
);
export const resetPasswordEndpoint = endpointRef<typeof postResetPassword>(
  'POST',
  '/api/auth/reset-password',
);
