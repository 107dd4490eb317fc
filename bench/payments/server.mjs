// The app of `npm run bench:payments` in a process of its own, as deployed: started by run.mjs
// (child_process.fork), asked over the IPC channel for what the bench does outside the timed part
// (server-side.mjs). Each message is `{ id, op, args }`; each answer `{ id, result }` or
// `{ id, error }`. `start` comes first; `close` drops its database and ends the process.
import { startServerSide } from './server-side.mjs';

/** @type {Awaited<ReturnType<typeof startServerSide>> | null} */
let side = null;

/** @param {string} op @param {unknown[]} args */
async function answer(op, args) {
  if (op === 'start') {
    side = await startServerSide(
      /** @type {Record<string, string>} */ (args[0]),
      /** @type {number} */ (args[1]),
    );
    return { base: side.base, secret: side.secret };
  }
  if (!side) throw new Error('start first');
  if (op === 'saveKey') return side.saveKey(/** @type {never} */ (args[0]), /** @type {never} */ (args[1]));
  if (op === 'buyers') return side.buyers(/** @type {never} */ (args[0]), /** @type {number} */ (args[1]));
  if (op === 'exact') return side.exact(/** @type {string} */ (args[0]), /** @type {never} */ (args[1]));
  if (op === 'queryCount') return side.queryCount();
  if (op === 'cpuMs') return side.cpuMs();
  if (op === 'databaseName') return side.databaseName();
  if (op === 'profileStart') return side.profileStart();
  if (op === 'profileStop') return side.profileStop(/** @type {string} */ (args[0]));
  if (op === 'close') {
    await side.close();
    side = null;
    return null;
  }
  throw new Error(`unknown op ${op}`);
}

process.on('message', (/** @type {{ id: number, op: string, args: unknown[] }} */ message) => {
  answer(message.op, message.args ?? []).then(
    (result) => {
      process.send?.({ id: message.id, result });
      // Ends once the answer is out.
      if (message.op === 'close') {
        process.disconnect();
        setImmediate(() => process.exit(0));
      }
    },
    (error) => process.send?.({ id: message.id, error: String(error?.stack ?? error) }),
  );
});
