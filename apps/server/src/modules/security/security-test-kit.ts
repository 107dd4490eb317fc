import { postSignIn } from '@app/contract/auth/sign-in';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { type Caller, callEndpoint } from '../../test/call-endpoint';

/** Test helpers shared by the security tests (not a test file itself). */

export async function signIn(app: FastifyInstance, email: string, password: string) {
  return callEndpoint(app, postSignIn, { body: { email, password } });
}

/** A caller holding `token` (a renewed session, a second device). */
export function bearer(token: string | null): Caller {
  return { auth: { authorization: `Bearer ${token ?? ''}` } };
}

/** The current code of an authenticator app holding `secret` (base32, as in the otpauth URI). */
export function totpCode(secret: string, offsetSeconds = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + offsetSeconds * 1000 });
}

/** A 6-digit code that is not the current one (nor the neighbouring windows a verifier may accept). */
export function wrongTotpCode(secret: string): string {
  const valid = new Set([-30, 0, 30].map((offset) => totpCode(secret, offset)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}
