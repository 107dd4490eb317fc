import {
  type BackupSettings,
  deleteBackup,
  getBackupDownload,
  getBackupSettings,
  getRestoreStatus,
  listBackups,
  putBackupSettings,
  restoreBackup,
  takeBackup,
} from '@app/contract/admin/backups/backups';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';

export const backupsKey = ['admin', 'backups'] as const;

/** Polled while a backup runs, so its row turns completed without a reload. */
export const backupsQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...backupsKey, 'list', page, pageSize],
    queryFn: ({ signal }) => callApi(listBackups, { query: { page, page_size: pageSize }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.status === 'running') ? 2000 : false,
  });

export const backupSettingsQuery = () =>
  queryOptions({
    queryKey: [...backupsKey, 'settings'],
    queryFn: ({ signal }) => callApi(getBackupSettings, { signal }),
  });

/** Answered from the server's memory, during maintenance too: polled while a restore runs. */
export const restoreStatusQuery = (following: boolean) =>
  queryOptions({
    queryKey: [...backupsKey, 'restore-status'],
    queryFn: ({ signal }) => callApi(getRestoreStatus, { signal }),
    refetchInterval: (query) => (following || query.state.data?.restore.maintenance ? 1000 : false),
  });

export const take = () => callApi(takeBackup);
export const remove = (id: string) => callApi(deleteBackup, { params: { id } });
export const downloadLink = (id: string) => callApi(getBackupDownload, { params: { id } });
export const saveSettings = (settings: BackupSettings) => callApi(putBackupSettings, { body: settings });
export const verify = (id: string) => callApi(restoreBackup, { params: { id }, body: { verify_only: true } });
export const restore = (id: string, confirm: string) =>
  callApi(restoreBackup, { params: { id }, body: { confirm, verify_only: false } });
