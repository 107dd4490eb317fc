// The app side of `npm run bench:payments`: one test app (its own throw-away database) listening on
// a port, and what the bench asks of it outside the timed part: buyers with an order and a
// payment each, a vendor's keys saved, and the check that every notice was applied once with the
// credits exact. Used in the bench's own process (`inline`) or in a child of its own (server.mjs),
// where the load generator and the stand-ins are not.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { and, eq, sql } from 'drizzle-orm';
import { pool } from './pool.mjs';

const { createTestApp, signUpUser, signInAdmin } = await import('../../apps/server/src/test/test-app.ts');
const { callEndpoint } = await import('../../apps/server/src/test/call-endpoint.ts');
const { createOrder } = await import('../../packages/contract/src/billing/orders.ts');
const { createPayment } = await import('../../packages/contract/src/billing/payments.ts');
const { saveForeignKey } = await import('../../packages/contract/src/admin/foreign-keys/foreign-keys.ts');
const { planId, teamIdOf, balanceOf } = await import(
  '../../apps/server/src/modules/billing/billing.test-kit.ts'
);
const { paymentNotifications } = await import('../../apps/server/src/db/schema.ts');

/** Credits of the pack bought (`credits_1000`) and of the free plan's grant every team starts with. */
const PACK_CREDITS = 1000;
const FREE_CREDITS = 100;

/**
 * @typedef {{ auth: Record<string, string>, teamId: string, billId: string, ref: string, sessionId: string }} Buyer
 * @typedef {import('zod').infer<typeof import('../../packages/contract/src/admin/foreign-keys/foreign-keys.ts').saveForeignKey.params>['kind']} KeyKind
 * @typedef {import('../../packages/contract/src/billing/payments.ts').PaymentMethod} PaymentMethod
 */

/**
 * Starts the app on `port` (0: any) with `env` over its defaults; answers what the bench calls.
 * @param {Record<string, string>} env @param {number} port
 */
export async function startServerSide(env, port) {
  const t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '1000000', ...env });
  const base = await t.app.listen({ port, host: '127.0.0.1' });
  /** @type {{ auth: Record<string, string> } | null} */
  let admin = null;
  /** @type {Session | null} */
  let profiler = null;
  return {
    base,
    secret: t.platform.secret,
    /**
     * @param {KeyKind} kind
     * @param {Record<string, string>} values
     */
    async saveKey(kind, values) {
      admin ??= await signInAdmin(t.app);
      (await callEndpoint(t.app, saveForeignKey, { as: admin, params: { kind }, body: { values } })).ok();
    },
    /**
     * Buyers of the credit pack, each with a payment by `method` started.
     * @param {PaymentMethod} method @param {number} count
     */
    async buyers(method, count) {
      const pack = await planId(t, 'credits_1000');
      /** @type {Buyer[]} */
      const made = [];
      await pool(count, 5, async () => {
        const user = await signUpUser(t.app);
        const order = (await callEndpoint(t.app, createOrder, { as: user, body: { plan_id: pack } })).ok();
        const payment = (
          await callEndpoint(t.app, createPayment, {
            as: user,
            body: { bill_id: order.bill.id, method, app_type: 'pc_web' },
          })
        ).ok();
        if (method === 'wechatpay' || method === 'alipay') {
          // One trade a payment: its number is the payment's id without dashes.
          made.push({
            auth: user.auth,
            teamId: await teamIdOf(t, user),
            billId: order.bill.id,
            ref: payment.payment_id.replaceAll('-', ''),
            sessionId: payment.next.kind === 'form' ? payment.next.form_html : '',
          });
          return;
        }
        if (payment.next.kind !== 'redirect') throw new Error(`${method} redirects`);
        const url = new URL(payment.next.url, 'http://x');
        const session = url.searchParams.get('session') ?? '';
        const ref =
          method === 'sandbox'
            ? JSON.parse(Buffer.from(session.split('.')[0] ?? '', 'base64url').toString()).ref
            : (url.pathname.split('/').pop() ?? '');
        made.push({
          auth: user.auth,
          teamId: await teamIdOf(t, user),
          billId: order.bill.id,
          ref,
          sessionId: ref,
        });
      });
      return made;
    },
    /**
     * Every buyer holds exactly the free grant and its pack, and its reference one `applied` notice.
     * @param {string} method @param {Buyer[]} list
     */
    async exact(method, list) {
      for (const buyer of list) {
        const { balance } = await balanceOf(t, buyer.teamId);
        if (balance !== FREE_CREDITS + PACK_CREDITS) return false;
        const applied = await t.platform.db
          .select({ outcome: paymentNotifications.outcome })
          .from(paymentNotifications)
          .where(
            and(
              eq(paymentNotifications.provider, method),
              eq(paymentNotifications.providerRef, buyer.ref),
              eq(paymentNotifications.outcome, 'applied'),
            ),
          );
        if (applied.length !== 1) return false;
      }
      return true;
    },
    /** Starts sampling this process's CPU (what `profileStop` writes out). */
    async profileStart() {
      profiler ??= new Session();
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    },
    /** Writes the CPU profile since `profileStart` to `file` (a `.cpuprofile`). @param {string} file */
    async profileStop(file) {
      if (!profiler) return;
      const { profile } = await profiler.post('Profiler.stop');
      writeFileSync(file, JSON.stringify(profile));
      profiler.disconnect();
      profiler = null;
    },
    /** Statements sent to the database so far (drizzle's count). */
    queryCount: () => t.platform.database.queryCount(),
    /** The database's name (its backends' process titles carry it). */
    databaseName: async () => {
      const rows = /** @type {{ rows?: { name: string }[] } & { name?: string }[]} */ (
        await t.platform.db.execute(sql`select current_database() as name`)
      );
      return (rows.rows ?? rows)[0]?.name ?? '';
    },
    /** CPU this process has used so far, in milliseconds (user and system). */
    cpuMs: () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1000;
    },
    close: () => t.close(),
  };
}
