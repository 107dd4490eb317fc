import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The key for signatures and secrets at rest: APP_SECRET when set, else one generated into
 * DATA_DIR on first start and reused after, so restarts keep sessions and encrypted data valid.
 */
export function resolveAppSecret(
  configured: string | undefined,
  dataDir: string,
  databaseUrl?: string,
): string {
  if (configured) return configured;
  // Several instances on one PostgreSQL each generating their own secret would sign tokens and
  // seal credentials differently. Keeping the secret in that database would let a dump open the
  // credentials it seals; so it must come from the environment, the same for every instance.
  if (databaseUrl) {
    throw new Error(
      'APP_SECRET is required with DATABASE_URL: every server instance on that database must sign ' +
        'tokens and seal credentials with the same secret. Set APP_SECRET (32+ characters, e.g. ' +
        '`openssl rand -base64 48`) in the environment of every instance' +
        (existsSync(path.join(dataDir, 'app-secret'))
          ? `; to keep existing sessions and credentials, use the one in ${path.join(dataDir, 'app-secret')}.`
          : '.'),
    );
  }
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
