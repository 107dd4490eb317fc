import path from 'node:path';
import { API_VERSION, buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './platform/db';
import { FolderLockedError } from './platform/folder-lock';
import { resolveAppSecret } from './platform/secrets';
import { recoverAtStart } from './recovery';
import { runSeeds } from './seeds';

/** Process entry: config, stores, migrations, seeds, then listen. */
async function main(): Promise<void> {
  const config = loadConfig();
  const secret = resolveAppSecret(config.APP_SECRET, config.DATA_DIR, config.DATABASE_URL);
  const database = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: path.join(config.DATA_DIR, 'db') },
  );
  const { app, platform } = await buildApp({ config, database, secret, logger: { level: config.LOG_LEVEL } });
  // Instances starting together migrate and seed one after another (the seeded admin is
  // check-then-create).
  const { admin } = await database.withStartupLock(async () => {
    await database.migrate();
    return runSeeds(platform);
  });
  await recoverAtStart(platform, database.kind, app.log);
  await app.listen({ port: config.PORT, host: config.HOST });

  // Before the "running" line: whoever reads it (a supervisor, a test) may stop the server at once,
  // and until a handler is installed SIGTERM's default action kills the process without cleanup.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const lines = [
    '',
    `  Marketing AI Workspace (API ${API_VERSION}) is running on ${config.publicUrl}`,
    `  Database: ${database.kind === 'pglite' ? `embedded (${path.join(config.DATA_DIR, 'db')})` : 'PostgreSQL'}`,
  ];
  if (admin) {
    lines.push(`  Admin sign-in: ${admin.email}`);
    lines.push(
      admin.generatedPassword
        ? `  Admin password: ${admin.generatedPassword}   (shown once; change it after signing in)`
        : '  Admin password: the one in ADMIN_PASSWORD',
    );
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  // A refusal we explain (a locked folder, a missing secret) needs no stack.
  const plain =
    error instanceof FolderLockedError || (error instanceof Error && error.message.startsWith('APP_SECRET'));
  console.error(error instanceof Error ? (plain ? error.message : (error.stack ?? error.message)) : error);
  process.exit(1);
});
