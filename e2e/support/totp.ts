import { TOTP } from 'otpauth';

/**
 * The code an authenticator app shows for `secret` (base32) now: RFC 6238 with the usual
 * SHA-1, 6 digits, 30 s period, as the server's two-factor setup issues.
 */
export function totpCode(secret: string): string {
  return new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate();
}
