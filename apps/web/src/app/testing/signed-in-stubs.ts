import { TOKEN_COOKIE } from '@app/contract/common';
import type { BasicInfos } from '@app/contract/user/get-basic-infos';
import { setCookie } from '../../lib/cookies';
import { basicInfosFixture } from '../../lib/testing/basic-infos-fixture';
import type { StubRoutes } from './stub-fetch';

export const TEST_TOKEN = 'test-token';

/** Puts a session token where the server would have. */
export function signIn(token = TEST_TOKEN): void {
  setCookie(TOKEN_COOKIE, token);
}

/** What a signed-in visit asks the server: who am I, and may I open each page (yes). */
export function signedInRoutes(infos: BasicInfos = basicInfosFixture()): StubRoutes {
  return {
    'GET /api/user/basic-infos': { body: infos },
    'POST /api/routes/permission/list': (request) => {
      const asked = (request.json() as { page_routes?: string[] } | undefined)?.page_routes ?? [];
      return {
        body: {
          page_routes: asked.map((route) => ({ route, access: true, code: 'OK' })),
          apis: [],
          version: infos.latest_permission_version,
        },
      };
    },
  };
}
