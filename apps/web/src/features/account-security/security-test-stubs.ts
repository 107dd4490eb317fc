import type { zSecurityOverview } from '@app/contract/account/security/security-overview';
import type { zActiveSession } from '@app/contract/account/security/sessions';
import type { zSignInEvent } from '@app/contract/account/security/sign-ins';
import type { z } from 'zod';
import { signedInRoutes } from '../../app/testing/signed-in-stubs';
import type { StubRoutes } from '../../app/testing/stub-fetch';

/** Test data for the security page's tests: a signed-in user on two devices. */

export const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
export const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

export function overviewFixture(
  overrides: Partial<z.infer<typeof zSecurityOverview>> = {},
): z.infer<typeof zSecurityOverview> {
  return {
    email: 'a**@example.com',
    has_password: true,
    email_verified: true,
    two_factor_enabled: false,
    two_factor_pending: false,
    recovery_codes_left: null,
    ...overrides,
  };
}

export const SESSIONS: z.infer<typeof zActiveSession>[] = [
  {
    id: 'session-here',
    ip_address: '198.51.100.7',
    user_agent: CHROME_WINDOWS,
    created_at: 1_700_000_000,
    last_active_at: 1_700_100_000,
    expires_at: 1_702_000_000,
    current: true,
  },
  {
    id: 'session-phone',
    ip_address: '203.0.113.9',
    user_agent: SAFARI_IPHONE,
    created_at: 1_699_000_000,
    last_active_at: 1_699_500_000,
    expires_at: 1_701_000_000,
    current: false,
  },
];

export const SIGN_INS: z.infer<typeof zSignInEvent>[] = [
  {
    id: 2,
    method: 'totp',
    success: true,
    reason: null,
    ip_address: '198.51.100.7',
    user_agent: CHROME_WINDOWS,
    created_at: 1_700_000_000,
  },
  {
    id: 1,
    method: 'password',
    success: false,
    reason: 'invalid_credentials',
    ip_address: '192.0.2.44',
    user_agent: null,
    created_at: 1_699_990_000,
  },
];

/** The page's three reads, plus the signed-in basics; `extra` adds or overrides endpoints. */
export function securityRoutes(overview = overviewFixture(), extra: StubRoutes = {}): StubRoutes {
  return {
    ...signedInRoutes(),
    'GET /api/account/security': { body: overview },
    'GET /api/account/security/sessions': { body: { items: SESSIONS } },
    'GET /api/account/security/sign-ins': { body: { items: SIGN_INS } },
    ...extra,
  };
}
