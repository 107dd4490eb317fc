import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * A warning-free install (issue 29 item 6): every installed package's declared Node engines admit
 * the oldest Node this project supports (the root `engines`, >= 20.19), except the packages
 * `scripts/lib/known-engines.json` names with the reason they run anyway, and that list holds
 * nothing that is no longer needed. `npm start` prints those reasons instead of npm's warning.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

interface Manifest {
  name?: string;
  version?: string;
  engines?: { node?: string };
}

/** Every package.json under node_modules, nested ones included (scoped folders walked). */
function installed(dir: string, found: Manifest[] = []): Manifest[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return found;
  }
  for (const name of names) {
    if (name.startsWith('.')) continue;
    const folder = path.join(dir, name);
    if (name.startsWith('@')) {
      installed(folder, found);
      continue;
    }
    try {
      found.push(JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as Manifest);
    } catch {
      continue;
    }
    installed(path.join(folder, 'node_modules'), found);
  }
  return found;
}

describe('declared Node engines', () => {
  const rootManifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;
  const oldest = semver.minVersion(rootManifest.engines?.node ?? '')?.version ?? '';
  const known = JSON.parse(readFileSync(path.join(root, 'scripts/lib/known-engines.json'), 'utf8')) as Record<
    string,
    { declared: string; reason: string } | string
  >;
  const packages = [
    ...installed(path.join(root, 'node_modules')),
    ...['apps/server', 'apps/web', 'packages/contract'].flatMap((w) =>
      installed(path.join(root, w, 'node_modules')),
    ),
  ];
  const refusing = packages.filter(
    (p) => p.engines?.node && !semver.satisfies(oldest, p.engines.node, { includePrerelease: true }),
  );

  it('the oldest supported Node is 20.19.0', () => {
    expect(oldest).toBe('20.19.0');
  });

  it('every installed package admits it, but the known ones, each with its reason', () => {
    const unexplained = refusing
      .filter((p) => !(p.name && p.name in known && p.name !== '$comment'))
      .map((p) => `${p.name}@${p.version} declares node ${p.engines?.node}`);
    expect(unexplained).toEqual([]);
    for (const p of refusing) {
      const entry = known[p.name as string];
      expect(typeof entry === 'object' && entry.reason.length > 40, `${p.name} needs a reason`).toBe(true);
    }
  });

  it('the known list holds no package that no longer needs it', () => {
    const names = new Set(refusing.map((p) => p.name));
    const stale = Object.keys(known).filter((name) => name !== '$comment' && !names.has(name));
    expect(stale).toEqual([]);
  });
});
