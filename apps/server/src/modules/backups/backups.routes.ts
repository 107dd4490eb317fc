import {
  deleteBackup,
  downloadBackupArchive,
  getBackupDownload,
  getBackupSettings,
  getRestoreStatus,
  listBackups,
  putBackupSettings,
  restoreBackup,
  takeBackup,
} from '@app/contract/admin/backups/backups';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import { BACKUP_JOB, BackupsService } from './backups.service';

/** The backup-recovery page (issue 28 item 8): backups, their schedule, downloads, verify and restore. */
export const backupsModule: ServerModule = {
  name: 'backups',
  register(app, platform) {
    const backups = new BackupsService(platform);
    const route = routesFor(app, platform.registry);
    route(listBackups, ({ query }) => backups.list(query));
    route(takeBackup, ({ ctx }) => backups.take(ctx));
    route(deleteBackup, ({ ctx, params }) => backups.remove(ctx, params.id));
    route(getBackupDownload, ({ ctx, params }) => backups.downloadLink(ctx, params.id));
    route(downloadBackupArchive, ({ query }) => backups.archive(query.token));
    route(getBackupSettings, async () => ({ settings: await backups.getSettings() }));
    route(putBackupSettings, async ({ ctx, body }) => ({ settings: await backups.putSettings(ctx, body) }));
    route(restoreBackup, ({ ctx, params, body }) => backups.restore(ctx, params.id, body));
    // In maintenance the gate answers this one itself (platform/maintenance.ts), from the same memory.
    route(getRestoreStatus, () => ({ restore: backups.status() }));

    // Hourly: the tick takes a backup when the schedule is on and the interval has passed.
    platform.jobs.define({
      name: BACKUP_JOB,
      cron: '7 * * * *',
      retryLimit: 0,
      run: async () => {
        await backups.scheduledTick();
      },
    });
    app.decorate('backups', backups);
    app.addHook('onClose', () => backups.settled());
  },
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The backups service, for tests that wait on a backup or a restore. */
    backups: BackupsService;
  }
}
