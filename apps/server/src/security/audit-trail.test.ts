import {
  listDynamicConfigHistory,
  putDynamicConfig,
  rollbackDynamicConfig,
} from '@app/contract/admin/dynamic-configs/dynamic-configs';
import {
  clearForeignKey,
  saveForeignKey,
  testForeignKey,
} from '@app/contract/admin/foreign-keys/foreign-keys';
import { listJobRuns, retryJobRun } from '@app/contract/admin/logs/job-runs';
import { setRoleGrants } from '@app/contract/admin/permissions/permissions';
import { createRole, deleteRole, updateRole } from '@app/contract/admin/roles/roles';
import {
  banAdminUser,
  resetAdminUserPassword,
  setAdminUserRole,
  signOutAdminUser,
  unbanAdminUser,
} from '@app/contract/admin/users/user-actions';
import { putIntegPlatformEnabled } from '@app/contract/connectors/admin-platforms';
import { postAdminGoogleConnectCreate, postAdminGoogleRevoke } from '@app/contract/connectors/google-oauth';
import type { Endpoint } from '@app/contract/define-endpoint';
import { listEmailLogs, resendEmail } from '@app/contract/messages/email-logs';
import { createNotice, deleteNotice, updateNotice } from '@app/contract/messages/notices';
import { sendMessage } from '@app/contract/messages/send';
import { cleanStorageOrphans, deleteAdminStorageFile } from '@app/contract/storage/admin-storage';
import { adminUploadStorageFiles } from '@app/contract/storage/files';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationRecords } from '../db/schema';
import { BACKUPS_VALID_CALLS } from '../modules/backups/backups-audit.test-kit';
import { BILLING_VALID_CALLS } from '../modules/billing/billing-audit.test-kit';
import { CACHES_VALID_CALLS } from '../modules/caches/caches-audit.test-kit';
import { HELP_TAGS_VALID_CALLS } from '../modules/help/help-tags-audit.test-kit';
import { TRANSLATIONS_VALID_CALLS } from '../modules/i18n/admin-translations-audit.test-kit';
import { OPEN_API_VALID_CALLS } from '../modules/open-api/open-api-audit.test-kit';
import { STRIPE_MIRROR_VALID_CALLS } from '../modules/payments/stripe/stripe-mirror.test-kit';
import { STRIPE_SCHEDULES_VALID_CALLS } from '../modules/payments/stripe/stripe-schedules.test-kit';
import { STRIPE_SUBSCRIPTIONS_VALID_CALLS } from '../modules/payments/stripe/stripe-subscriptions.test-kit';
import { type Caller, callEndpoint } from '../test/call-endpoint';
import { uploadThrough } from '../test/multipart';
import { OAuthStandIn } from '../test/oauth-stand-in';
import { startSmtpServer } from '../test/smtp';
import { createTestApp, signInAdmin, signUpUser, TEST_ADMIN, type TestApp } from '../test/test-app';

/**
 * Every admin mutation in the registry writes an operation record: not only those the fuzz test
 * happens to succeed on. Each admin endpoint that changes something (not GET, not `readOnly`)
 * needs an entry in VALID_CALLS below: a call that succeeds. The walk fails on an admin mutation
 * without an entry, so adding one to the registry means adding its entry here too.
 */

interface Harness {
  app: FastifyInstance;
  t: TestApp;
  admin: Caller;
}

/** What each entry's call answers (a `Call` of any endpoint). */
interface Answer {
  status: number;
  text: string;
}

/**
 * Prepares what the call needs (a user, a role, a file: those steps may write records of their
 * own), then answers the call under test, run only after the records have been counted.
 */
type ValidCall = (h: Harness) => Promise<() => Promise<Answer>>;

const FAILING_JOB = 'audit.always-fails';

async function newRole(h: Harness): Promise<string> {
  const code = `audit_${Math.random().toString(36).slice(2, 10)}`;
  (await callEndpoint(h.app, createRole, { as: h.admin, body: { code, name: `Role ${code}` } })).ok();
  return code;
}

async function newNotice(h: Harness): Promise<string> {
  const notice = await callEndpoint(h.app, createNotice, {
    as: h.admin,
    body: {
      level: 'other',
      title: 'Maintenance',
      body: 'Tonight',
      start_time: Math.floor(Date.now() / 1000),
    },
  });
  return notice.ok().id;
}

async function adminUpload(h: Harness) {
  return uploadThrough(h.app, adminUploadStorageFiles, {
    as: h.admin,
    files: [{ name: 'audit.txt', content: Buffer.from('audited bytes'), type: 'text/plain' }],
  });
}

const VALID_CALLS: Record<string, ValidCall> = {
  ...BACKUPS_VALID_CALLS,
  ...BILLING_VALID_CALLS,
  ...CACHES_VALID_CALLS,
  ...HELP_TAGS_VALID_CALLS,
  ...TRANSLATIONS_VALID_CALLS,
  ...OPEN_API_VALID_CALLS,
  ...STRIPE_MIRROR_VALID_CALLS,
  ...STRIPE_SUBSCRIPTIONS_VALID_CALLS,
  ...STRIPE_SCHEDULES_VALID_CALLS,
  [setAdminUserRole.id]: async (h) => {
    const user = await signUpUser(h.app);
    return () =>
      callEndpoint(h.app, setAdminUserRole, {
        as: h.admin,
        params: { id: user.userId },
        body: { role: 'operator' },
      });
  },
  [banAdminUser.id]: async (h) => {
    const user = await signUpUser(h.app);
    return () =>
      callEndpoint(h.app, banAdminUser, {
        as: h.admin,
        params: { id: user.userId },
        body: { reason: 'Spam' },
      });
  },
  [unbanAdminUser.id]: async (h) => {
    const user = await signUpUser(h.app);
    (
      await callEndpoint(h.app, banAdminUser, {
        as: h.admin,
        params: { id: user.userId },
        body: { reason: 'Spam' },
      })
    ).ok();
    return () => callEndpoint(h.app, unbanAdminUser, { as: h.admin, params: { id: user.userId } });
  },
  [signOutAdminUser.id]: async (h) => {
    const user = await signUpUser(h.app);
    return () => callEndpoint(h.app, signOutAdminUser, { as: h.admin, params: { id: user.userId } });
  },
  [resetAdminUserPassword.id]: async (h) => {
    const user = await signUpUser(h.app);
    return () => callEndpoint(h.app, resetAdminUserPassword, { as: h.admin, params: { id: user.userId } });
  },
  [createRole.id]: async (h) => () =>
    callEndpoint(h.app, createRole, { as: h.admin, body: { code: 'audit_new_role', name: 'Audit role' } }),
  [updateRole.id]: async (h) => {
    const code = await newRole(h);
    return () =>
      callEndpoint(h.app, updateRole, { as: h.admin, params: { code }, body: { name: 'Renamed' } });
  },
  [deleteRole.id]: async (h) => {
    const code = await newRole(h);
    return () => callEndpoint(h.app, deleteRole, { as: h.admin, params: { code } });
  },
  [setRoleGrants.id]: async (h) => {
    const code = await newRole(h);
    return () =>
      callEndpoint(h.app, setRoleGrants, {
        as: h.admin,
        params: { code },
        body: { codes: ['admin.users.read'], held: true },
      });
  },
  [adminUploadStorageFiles.id]: async (h) => () => adminUpload(h),
  [deleteAdminStorageFile.id]: async (h) => {
    const [item] = (await adminUpload(h)).ok().result;
    const id = item?.file?.id;
    if (!id) throw new Error('the upload stored no file');
    return () => callEndpoint(h.app, deleteAdminStorageFile, { as: h.admin, params: { id } });
  },
  [cleanStorageOrphans.id]: async (h) => () => callEndpoint(h.app, cleanStorageOrphans, { as: h.admin }),
  [createNotice.id]: async (h) => () =>
    callEndpoint(h.app, createNotice, {
      as: h.admin,
      body: { level: 'important', title: 'New', body: 'Text', start_time: Math.floor(Date.now() / 1000) },
    }),
  [updateNotice.id]: async (h) => {
    const id = await newNotice(h);
    return () =>
      callEndpoint(h.app, updateNotice, {
        as: h.admin,
        params: { id },
        body: { level: 'warning', title: 'Changed', body: 'Text', start_time: Math.floor(Date.now() / 1000) },
      });
  },
  [deleteNotice.id]: async (h) => {
    const id = await newNotice(h);
    return () => callEndpoint(h.app, deleteNotice, { as: h.admin, params: { id } });
  },
  [sendMessage.id]: async (h) => {
    const user = await signUpUser(h.app);
    return () =>
      callEndpoint(h.app, sendMessage, {
        as: h.admin,
        body: {
          audience: { kind: 'users', user_ids: [user.userId] },
          in_app: true,
          email: false,
          level: 'other',
          title: 'Hello',
          body: 'Welcome',
        },
      });
  },
  [resendEmail.id]: async (h) => {
    const user = await signUpUser(h.app);
    (
      await callEndpoint(h.app, sendMessage, {
        as: h.admin,
        body: {
          audience: { kind: 'users', user_ids: [user.userId] },
          in_app: false,
          email: true,
          level: 'important',
          title: 'Mail to resend',
          body: 'Text',
        },
      })
    ).ok();
    const logs = (await callEndpoint(h.app, listEmailLogs, { as: h.admin, query: { q: user.email } })).ok();
    const id = logs.items[0]?.id;
    if (!id) throw new Error('the send logged no e-mail');
    return () => callEndpoint(h.app, resendEmail, { as: h.admin, params: { id } });
  },
  [retryJobRun.id]: async (h) => {
    const jobId = await h.t.platform.jobs.send(FAILING_JOB);
    await expect.poll(() => h.t.platform.jobs.state(FAILING_JOB, jobId), { timeout: 20_000 }).toBe('failed');
    const runs = (
      await callEndpoint(h.app, listJobRuns, {
        as: h.admin,
        query: { filters: JSON.stringify([{ field: 'queue', operator: 'eq', value: FAILING_JOB }]) },
      })
    ).ok();
    const id = runs.items.find((run) => run.job_id === jobId)?.id;
    if (id === undefined) throw new Error('the failed job left no run');
    return () => callEndpoint(h.app, retryJobRun, { as: h.admin, params: { id } });
  },
  [saveForeignKey.id]: async (h) => () =>
    callEndpoint(h.app, saveForeignKey, {
      as: h.admin,
      params: { kind: 'google_oauth' },
      body: { values: { client_id: 'audit-client', client_secret: 'audit-secret' } },
    }),
  [clearForeignKey.id]: async (h) => {
    (
      await callEndpoint(h.app, saveForeignKey, {
        as: h.admin,
        params: { kind: 'google_oauth' },
        body: { values: { client_id: 'audit-client', client_secret: 'audit-secret' } },
      })
    ).ok();
    return () => callEndpoint(h.app, clearForeignKey, { as: h.admin, params: { kind: 'google_oauth' } });
  },
  [testForeignKey.id]: async (h) => () =>
    callEndpoint(h.app, testForeignKey, { as: h.admin, params: { kind: 'google_oauth' } }),
  [putDynamicConfig.id]: async (h) => () =>
    callEndpoint(h.app, putDynamicConfig, {
      as: h.admin,
      params: { key: 'gads_enable' },
      body: { value: true },
    }),
  [rollbackDynamicConfig.id]: async (h) => {
    await callEndpoint(h.app, putDynamicConfig, {
      as: h.admin,
      params: { key: 'chat_rate_limit' },
      body: { value: 5 },
    });
    const { items } = (
      await callEndpoint(h.app, listDynamicConfigHistory, { as: h.admin, query: { key: 'chat_rate_limit' } })
    ).ok();
    return () =>
      callEndpoint(h.app, rollbackDynamicConfig, { as: h.admin, params: { id: items[0]?.id ?? '' } });
  },
  [putIntegPlatformEnabled.id]: async (h) => () =>
    callEndpoint(h.app, putIntegPlatformEnabled, {
      as: h.admin,
      params: { platform: 'ga' },
      body: { enabled: true },
    }),
  [postAdminGoogleConnectCreate.id]: async (h) => () =>
    callEndpoint(h.app, postAdminGoogleConnectCreate, { as: h.admin, body: { service_type: 'ga' } }),
  [postAdminGoogleRevoke.id]: async (h) => () =>
    callEndpoint(h.app, postAdminGoogleRevoke, { as: h.admin, body: { service_types: ['ga'] } }),
};

/** The admin endpoints that change something: what the pipeline expects a record from. */
function adminMutations(endpoints: Endpoint[]): Endpoint[] {
  return endpoints.filter(
    (endpoint) => endpoint.method !== 'GET' && endpoint.permission.startsWith('admin.') && !endpoint.readOnly,
  );
}

describe('the audit trail', () => {
  let t: TestApp;
  let harness: Harness;
  let google: OAuthStandIn;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    google = await new OAuthStandIn().start();
    google.registerGoogleClient({ clientId: 'audit-client', clientSecret: 'audit-secret', redirectUris: [] });
    smtp = await startSmtpServer();
    t = await createTestApp(
      {
        JOBS_ENABLED: 'true',
        SMTP_URL: smtp.url,
        GOOGLE_TOKEN_URL: `${google.url}/google/token`,
        GOOGLE_CLIENT_ID: 'audit-client',
        GOOGLE_CLIENT_SECRET: 'audit-secret',
      },
      {
        beforeReady: (_app, platform) => {
          platform.jobs.define({
            name: FAILING_JOB,
            retryLimit: 0,
            run: async () => {
              throw new Error('fails on purpose');
            },
          });
        },
      },
    );
    harness = { app: t.app, t, admin: await signInAdmin(t.app) };
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await smtp.close();
    await google.stop();
  });

  it('every admin mutation in the registry has a valid call here (a new one without an entry fails)', () => {
    const missing = adminMutations(t.platform.registry.all())
      .map((endpoint) => endpoint.id)
      .filter((id) => !(id in VALID_CALLS));
    expect(missing).toEqual([]);
  });

  it('every admin mutation in the registry, called validly, succeeds and writes a successful operation record', async () => {
    const failures: string[] = [];
    const mutations = adminMutations(t.platform.registry.all());
    // Not a vacuous walk: users, roles, grants, storage, messages, logs and settings at least.
    expect(mutations.length).toBeGreaterThanOrEqual(20);
    for (const endpoint of mutations) {
      const entry = VALID_CALLS[endpoint.id];
      if (!entry) continue;
      const call = await entry(harness);
      const before = await successfulRecords();
      const answer = await call();
      if (answer.status < 200 || answer.status >= 300) {
        failures.push(`${endpoint.id}: answered ${answer.status} ${answer.text.slice(0, 200)}`);
        continue;
      }
      if ((await successfulRecords()) <= before) failures.push(`${endpoint.id}: no operation record`);
    }
    expect(failures).toEqual([]);
  }, 180_000);

  /** How many successful operation records the admin has. */
  async function successfulRecords(): Promise<number> {
    const [row] = await t.platform.db
      .select({ n: count() })
      .from(operationRecords)
      .where(and(eq(operationRecords.actorEmail, TEST_ADMIN.email), eq(operationRecords.result, 'success')));
    return row?.n ?? 0;
  }
});
