import { describe, expect, it } from 'vitest';
import { decideAccess, decideSignedIn } from './guard-decision';

const target = { path: '/admin/user/users', search: '?page=2&q=ann' };

describe('route guard decisions (spec section 6)', () => {
  it('a login-required route without a token -> /login?next={path+query}', () => {
    expect(decideSignedIn(true, false, target)).toEqual({
      kind: 'redirect',
      to: '/login?next=%2Fadmin%2Fuser%2Fusers%3Fpage%3D2%26q%3Dann',
      clearToken: false,
    });
  });

  it('a login-required route with a token, or a public route -> go on', () => {
    expect(decideSignedIn(true, true, target)).toEqual({ kind: 'allow' });
    expect(decideSignedIn(false, false, target)).toEqual({ kind: 'allow' });
  });

  it('permission code OK -> allow', () => {
    expect(decideAccess('OK', target)).toEqual({ kind: 'allow' });
  });

  it('permission code BEARER_TOKEN_ERROR -> /login?next={path+query}, dropping the token', () => {
    const decision = decideAccess('BEARER_TOKEN_ERROR', target);
    expect(decision).toMatchObject({ kind: 'redirect', clearToken: true });
    if (decision.kind !== 'redirect') return;
    expect(new URL(decision.to, 'http://app.test').searchParams.get('next')).toBe(
      '/admin/user/users?page=2&q=ann',
    );
  });

  it('permission code UNAUTHORIZED or FORBIDDEN -> /403?from={path}', () => {
    for (const code of ['UNAUTHORIZED', 'FORBIDDEN'] as const) {
      expect(decideAccess(code, target)).toEqual({
        kind: 'redirect',
        to: '/403?from=%2Fadmin%2Fuser%2Fusers',
        clearToken: false,
      });
    }
  });
});
