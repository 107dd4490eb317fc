import { closeSync, linkSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * The embedded database is one process's: a second server on the same folder would open its own
 * copy, see only its own writes, and lose the first one's on restart. So the folder carries a lock
 * file naming its holder; a second process stops at once with a message naming the folder and the
 * holder. A lock left by a process that died (`kill -9`, a crash, a container restart) is stale and
 * taken over: its process is gone, or (in a container, where the server is PID 1 on every start)
 * it names our own PID.
 */

export class FolderLockedError extends Error {
  constructor(
    readonly folder: string,
    readonly holderPid: number,
  ) {
    super(
      `${folder} is in use by another server process (PID ${holderPid}). The embedded database can be ` +
        'opened by one process at a time: stop that process, or give this one another DATA_DIR ' +
        '(or a DATABASE_URL to share PostgreSQL between several servers).',
    );
  }
}

interface Holder {
  pid: number;
  host: string;
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function readHolder(file: string): Holder | null {
  try {
    const parsed = JSON.parse(readText(file) ?? '') as Partial<Holder>;
    return typeof parsed.pid === 'number' && typeof parsed.host === 'string'
      ? { pid: parsed.pid, host: parsed.host }
      : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else, still a live holder.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isStale(holder: Holder | null): boolean {
  if (!holder) return true;
  // Another machine's lock on a shared folder cannot be checked: respect it.
  if (holder.host !== hostname()) return false;
  return holder.pid === process.pid || !isAlive(holder.pid);
}

/** How long a new holder waits before checking its lock is still its own (see below). */
const SETTLE_MS = 100;

/**
 * Takes the folder's lock or throws FolderLockedError. Atomic: the lock is written to a private
 * file and hard-linked into place, which fails if a lock exists, so two processes starting at the
 * same moment cannot both win. Two processes taking over the same stale lock at once could each
 * remove it and link their own; so a new holder looks again after a moment, and only the one whose
 * lock is in place goes on. Returns the release function (also run at exit).
 */
export async function lockFolder(folder: string): Promise<() => void> {
  const release = takeLock(folder);
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const holder = readHolder(path.join(folder, 'server.lock'));
  if (holder?.pid !== process.pid || holder.host !== hostname()) {
    throw new FolderLockedError(folder, holder?.pid ?? 0);
  }
  return release;
}

function takeLock(folder: string): () => void {
  const file = path.join(folder, 'server.lock');
  const mine = `${file}.${process.pid}`;
  const content = JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() });
  const fd = openSync(mine, 'w', 0o600);
  writeSync(fd, content);
  closeSync(fd);
  try {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        linkSync(mine, file);
        const release = () => {
          const holder = readHolder(file);
          if (holder?.pid === process.pid && holder.host === hostname()) rmSync(file, { force: true });
        };
        process.once('exit', release);
        return release;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const seen = readText(file);
        if (seen === null) continue;
        const holder = readHolder(file);
        if (!isStale(holder)) throw new FolderLockedError(folder, holder?.pid ?? 0);
        // Stale: remove it (only if it is still the stale one) and try again.
        if (readText(file) === seen) rmSync(file, { force: true });
      }
    }
    throw new FolderLockedError(folder, readHolder(file)?.pid ?? 0);
  } finally {
    rmSync(mine, { force: true });
  }
}
