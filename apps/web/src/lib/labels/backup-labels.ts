import type { Translate } from './translate';

/** How a backup was started (`BACKUP_TRIGGERS`). */
export function backupTriggerLabel(trigger: string, t: Translate): string {
  const labels: Record<string, string> = { manual: t('On demand'), scheduled: t('Scheduled') };
  return labels[trigger] ?? trigger;
}

/** Where a restore is (`RESTORE_PHASES`). */
export function restorePhaseLabel(phase: string, t: Translate): string {
  const labels: Record<string, string> = {
    idle: t('No restore running'),
    draining: t('Waiting for running requests'),
    waiting_writers: t('Waiting for running syncs and imports'),
    database: t('Restoring the database'),
    files: t('Restoring the files'),
    analytics: t('Restoring the analytics stores'),
    checking: t('Checking the row counts'),
    completed: t('Restore completed'),
    failed: t('Restore failed'),
  };
  return labels[phase] ?? phase;
}

/** What a restored count that differs belongs to. */
export function mismatchKindLabel(kind: string, t: Translate): string {
  const labels: Record<string, string> = {
    table: t('Table'),
    file: t('File'),
    analytics: t('Analytics store'),
  };
  return labels[kind] ?? kind;
}
