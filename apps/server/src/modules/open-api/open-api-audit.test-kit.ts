import { listMyTeams } from '@app/contract/account/teams/teams';
import { issueRestToken, revokeRestToken } from '@app/contract/admin/open-api/rest-tokens';
import type { FastifyInstance } from 'fastify';
import { type Caller, callEndpoint } from '../../test/call-endpoint';

/** A valid call of each REST-token mutation, for the audit-trail walk (`security/audit-trail.test.ts`). */
type ValidCall = (h: {
  app: FastifyInstance;
  admin: Caller;
}) => Promise<() => Promise<{ status: number; text: string }>>;

async function issue(h: { app: FastifyInstance; admin: Caller }) {
  const [team] = (await callEndpoint(h.app, listMyTeams, { as: h.admin })).ok().items;
  if (!team) throw new Error('the admin has no team');
  return () =>
    callEndpoint(h.app, issueRestToken, {
      as: h.admin,
      body: { name: 'audit', team_id: team.id, scopes: ['team.credits.read'], expires_in_days: 1 },
    });
}

export const OPEN_API_VALID_CALLS: Record<string, ValidCall> = {
  [issueRestToken.id]: issue,
  [revokeRestToken.id]: async (h) => {
    const issued = (await (await issue(h))()).ok();
    return () => callEndpoint(h.app, revokeRestToken, { as: h.admin, params: { id: issued.item.id } });
  },
};
