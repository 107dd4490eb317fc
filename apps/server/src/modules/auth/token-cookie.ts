import { TOKEN_COOKIE } from '@app/contract/common';
import type { FastifyReply } from 'fastify';

/** Sessions last 30 days (better-auth's `session.expiresIn`); the cookie lives as long. */
const SESSION_DAYS = 30;

export function sessionExpiry(): Date {
  return new Date(Date.now() + SESSION_DAYS * 24 * 3600 * 1000);
}

/**
 * The token cookie the SPA reads to build its `Authorization` header. Not httpOnly by design
 * (spec section 7: the client takes the bearer from a cookie); the server never authenticates by
 * cookie, so it cannot be used for CSRF. Set at sign-in and whenever the session is renewed.
 */
export function setTokenCookie(reply: FastifyReply, secure: boolean, token: string, expiresAt: Date): void {
  reply.setCookie(TOKEN_COOKIE, token, {
    path: '/',
    sameSite: 'lax',
    secure,
    httpOnly: false,
    expires: expiresAt,
  });
}
