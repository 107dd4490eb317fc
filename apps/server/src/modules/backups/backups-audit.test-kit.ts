import {
  deleteBackup,
  putBackupSettings,
  restoreBackup,
  takeBackup,
} from '@app/contract/admin/backups/backups';
import type { FastifyInstance } from 'fastify';
import { type Caller, callEndpoint } from '../../test/call-endpoint';

/** A valid call of each backup mutation, for the audit-trail walk (`security/audit-trail.test.ts`). */
type ValidCall = (h: {
  app: FastifyInstance;
  admin: Caller;
}) => Promise<() => Promise<{ status: number; text: string }>>;

export const BACKUPS_VALID_CALLS: Record<string, ValidCall> = {
  // The backup runs on after the answer: the walk's next call waits for it to end.
  [takeBackup.id]: async (h) => async () => {
    const answer = await callEndpoint(h.app, takeBackup, { as: h.admin });
    await h.app.backups.settled();
    return answer;
  },
  [deleteBackup.id]: async (h) => {
    const { id } = await h.app.backups.takeNow('manual');
    return () => callEndpoint(h.app, deleteBackup, { as: h.admin, params: { id } });
  },
  [putBackupSettings.id]: async (h) => () =>
    callEndpoint(h.app, putBackupSettings, {
      as: h.admin,
      body: { schedule_enabled: true, interval_hours: 24, retention: 7 },
    }),
  // A real restore would put the walk's own records back to an earlier state: verified only.
  [restoreBackup.id]: async (h) => {
    const { id } = await h.app.backups.takeNow('manual');
    return () =>
      callEndpoint(h.app, restoreBackup, { as: h.admin, params: { id }, body: { verify_only: true } });
  },
};
