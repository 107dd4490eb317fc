import type { Backup } from '@app/contract/admin/backups/backups';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';

const backup: Backup = {
  id: 'bk_1',
  status: 'completed',
  trigger: 'scheduled',
  size_bytes: 4096,
  duration_ms: 1500,
  rows: 120,
  tables: 40,
  files: 3,
  analytics_stores: 1,
  error: null,
  created_by: null,
  started_at: 1_790_000_000,
  finished_at: 1_790_000_002,
};
const idle = {
  maintenance: false,
  phase: 'idle',
  backup_id: null,
  started_at: null,
  finished_at: null,
  error: null,
  mismatches: [],
};

describe('/admin/sys-settings/backup-recovery', () => {
  it('lists backups and restores one only after RESTORE is typed, then follows the restore', async () => {
    signIn();
    const fetch = stubFetch({
      ...signedInRoutes(),
      'GET /api/admin/backups': { body: { items: [backup], total: 1, page: 1, page_size: 10 } },
      'GET /api/admin/backups/settings': {
        body: { settings: { schedule_enabled: true, interval_hours: 24, retention: 7 } },
      },
      'GET /api/admin/backups/restore-status': { body: { restore: idle } },
      'POST /api/admin/backups/bk_1/restore': {
        body: { restore: { ...idle, maintenance: true, phase: 'draining', backup_id: 'bk_1' }, verify: null },
      },
    });
    renderApp('/admin/sys-settings/backup-recovery');

    const row = await screen.findByTestId('backup-bk_1', {}, { timeout: 10_000 });
    expect(within(row).getByText('Completed')).toBeTruthy();
    expect(within(row).getByText('Scheduled')).toBeTruthy();
    expect(within(row).getByText('4.00 KB')).toBeTruthy();

    await userEvent.click(within(row).getByRole('button', { name: 'Restore' }));
    const dialog = await screen.findByRole('dialog');
    const ok = within(dialog).getByRole('button', { name: 'Restore' });
    expect((ok as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(within(dialog).getByTestId('restore-confirm'), 'RESTORE');
    expect((ok as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(ok);
    await waitFor(() =>
      expect(fetch.callsTo('POST /api/admin/backups/bk_1/restore')[0]?.json()).toEqual({
        confirm: 'RESTORE',
        verify_only: false,
      }),
    );
  });
});
