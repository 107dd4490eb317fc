import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { zConfig } from '../config';

/**
 * The container deployment (issue 29 item 5). No image registry is reachable where the tests run,
 * so the files are checked instead of built: what compose.yaml sets on the app instances is a
 * setting the server reads; every service the app needs is there with a health check and is
 * waited on until healthy; both instances share one APP_SECRET and keep their own DATA_DIR; the
 * secrets come from the operator's .env; the Dockerfile builds and starts the way `npm start`
 * does (scripts/start.mjs), with the built app only, as a user other than root.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface Service {
  build?: unknown;
  image?: string;
  restart?: string;
  environment?: Record<string, string | number | boolean | null>;
  volumes?: string[];
  healthcheck?: { test?: string | string[] };
  depends_on?: Record<string, { condition?: string }>;
}
interface Compose {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
}

// `merge`: the instances share their settings through `<<: *app`, as Compose reads it.
const compose = parse(read('compose.yaml'), { merge: true }) as Compose;
const services = compose.services;
const appNames = Object.keys(services).filter((name) => services[name]?.build !== undefined);
const oneShot = (service: Service) => service.restart === 'no';
const env = (name: string) => services[name]?.environment ?? {};
const SECRET_FROM_ENV = /\$\{[A-Z0-9_]+:\?[^}]*\}/;

/** The Dockerfile's instructions, continuation lines joined, comments dropped. */
const instructions = read('Dockerfile')
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'))
  .map((line) => {
    const [keyword = '', ...rest] = line.split(/\s+/);
    return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
  });
const stages: { name: string; from: string; lines: typeof instructions }[] = [];
for (const instruction of instructions) {
  if (instruction.keyword === 'FROM') {
    const [from = '', , name = ''] = instruction.args.split(/\s+/);
    stages.push({ name, from, lines: [] });
  } else stages.at(-1)?.lines.push(instruction);
}
const runtime = stages.at(-1);
const args = (stage: (typeof stages)[number] | undefined, keyword: string) =>
  (stage?.lines ?? []).filter((line) => line.keyword === keyword).map((line) => line.args);
const nodeImage = /^ARG NODE_IMAGE=(\S+)$/m.exec(read('Dockerfile'))?.[1] ?? '';

describe('compose.yaml', () => {
  it('runs two app instances, the proxy, PostgreSQL, Redis and MinIO', () => {
    expect(appNames.sort()).toEqual(['app1', 'app2']);
    for (const name of ['proxy', 'postgres', 'redis', 'minio']) expect(Object.keys(services)).toContain(name);
  });

  it('sets on the app instances only settings the config schema reads, and the ones a team needs', () => {
    const known = new Set(Object.keys(zConfig.shape));
    for (const name of appNames) {
      const unknown = Object.keys(env(name)).filter((key) => !known.has(key));
      expect(unknown, `${name} sets variables the server never reads`).toEqual([]);
      for (const key of [
        'HOST',
        'DATA_DIR',
        'PUBLIC_URL',
        'APP_SECRET',
        'DATABASE_URL',
        'REDIS_URL',
        'S3_ENDPOINT',
        'S3_BUCKET',
        'S3_ACCESS_KEY_ID',
        'S3_SECRET_ACCESS_KEY',
        'S3_FORCE_PATH_STYLE',
        'ADMIN_EMAIL',
        'ADMIN_PASSWORD',
        'LOG_LEVEL',
        'TRUST_PROXY',
      ]) {
        expect(env(name), `${name} lacks ${key}`).toHaveProperty(key);
      }
      expect(env(name).HOST).toBe('0.0.0.0');
      expect(env(name).S3_FORCE_PATH_STYLE).toBe('true');
    }
  });

  it('takes every secret from the operator’s .env, never a value written in the file', () => {
    for (const name of appNames) {
      for (const key of [
        'APP_SECRET',
        'ADMIN_PASSWORD',
        'S3_SECRET_ACCESS_KEY',
        'DATABASE_URL',
        'REDIS_URL',
      ]) {
        expect(String(env(name)[key]), `${name} ${key}`).toMatch(SECRET_FROM_ENV);
      }
    }
    for (const [name, key] of [
      ['postgres', 'POSTGRES_PASSWORD'],
      ['minio', 'MINIO_ROOT_PASSWORD'],
    ] as const) {
      expect(String(env(name)[key]), `${name} ${key}`).toMatch(SECRET_FROM_ENV);
    }
  });

  it('gives both instances one APP_SECRET and each its own DATA_DIR volume', () => {
    const secrets = new Set(appNames.map((name) => env(name).APP_SECRET));
    expect(secrets.size).toBe(1);
    const dataVolumes = appNames.map((name) => {
      const dataDir = String(env(name).DATA_DIR);
      expect(dataDir, `${name} DATA_DIR`).toMatch(/^\//);
      const mount = (services[name]?.volumes ?? []).find((volume) => volume.split(':')[1] === dataDir);
      expect(mount, `${name} mounts nothing at its DATA_DIR ${dataDir}`).toBeDefined();
      const source = String(mount).split(':')[0] as string;
      expect(Object.keys(compose.volumes ?? {}), `${source} is not a named volume`).toContain(source);
      return source;
    });
    expect(new Set(dataVolumes).size).toBe(appNames.length);
  });

  it('checks the health of every long-running service and starts each after what it needs is healthy', () => {
    for (const [name, service] of Object.entries(services)) {
      if (oneShot(service)) continue;
      expect(service.healthcheck?.test, `${name} has no health check`).toBeDefined();
    }
    for (const name of appNames) {
      for (const needed of ['postgres', 'redis', 'minio']) {
        expect(services[name]?.depends_on?.[needed]?.condition, `${name} → ${needed}`).toBe(
          'service_healthy',
        );
      }
    }
    for (const [name, service] of Object.entries(services)) {
      for (const [needed, { condition }] of Object.entries(service.depends_on ?? {})) {
        const target = services[needed];
        expect(target, `${name} depends on a service not declared: ${needed}`).toBeDefined();
        // A one-shot (the bucket's creation) has no health to wait on; it must have succeeded.
        const expected = target && oneShot(target) ? 'service_completed_successfully' : 'service_healthy';
        expect(condition, `${name} → ${needed}`).toBe(expected);
      }
    }
  });

  it('creates the bucket the instances use before they start', () => {
    const bucketJob = Object.entries(services).find(([, service]) => service.image?.startsWith('minio/mc'));
    expect(bucketJob, 'no minio/mc service creates the bucket').toBeDefined();
    const [jobName, job] = bucketJob as [string, Service];
    expect(oneShot(job)).toBe(true);
    expect(job.environment?.S3_BUCKET).toBe(env('app1').S3_BUCKET);
    for (const name of appNames) expect(services[name]?.depends_on).toHaveProperty(jobName);
  });

  it('balances over both instances in the proxy, waiting on their readiness', () => {
    expect(services.proxy?.volumes?.some((volume) => volume.startsWith('./deploy/Caddyfile:'))).toBe(true);
    const caddyfile = read('deploy/Caddyfile');
    const upstreams = /reverse_proxy\s+([^{\n]+)/.exec(caddyfile)?.[1]?.trim().split(/\s+/);
    expect(upstreams?.sort()).toEqual(appNames.map((name) => `${name}:3000`));
    expect(caddyfile).toMatch(/lb_policy\s+round_robin/);
    expect(caddyfile).toMatch(/health_uri\s+\/api\/ready/);
  });
});

describe('Dockerfile', () => {
  it('builds the way `npm start` does', () => {
    // scripts/start.mjs builds with `npm run build` (the root script: web app, then server).
    expect(read('scripts/start.mjs')).toContain("run('npm', ['run', 'build']");
    expect(JSON.parse(read('package.json')).scripts.build).toBeDefined();
    const build = stages.find((stage) => args(stage, 'RUN').includes('npm run build'));
    expect(build, 'no stage runs npm run build').toBeDefined();
    expect(args(build, 'RUN')).toContain('npm ci');
  });

  it('starts the server entry `npm start` runs', () => {
    // scripts/lib/proc.mjs: SERVER_ENTRY = path.join(ROOT, '<entry>').
    const entry = /SERVER_ENTRY = path\.join\(ROOT, '([^']+)'\)/.exec(read('scripts/lib/proc.mjs'))?.[1];
    expect(entry).toBe('apps/server/dist/main.js');
    expect(JSON.parse(args(runtime, 'CMD').at(-1) ?? '[]')).toEqual(['node', entry]);
  });

  it('runs the built app only, with production dependencies, as a user other than root', () => {
    expect(nodeImage).toMatch(/^node:20/);
    for (const stage of stages) expect(stage.from).toMatch(/^\$\{NODE_IMAGE\}$/);
    const copies = args(runtime, 'COPY');
    // Only copies from other stages: no sources reach the image that runs.
    expect(copies.every((copy) => copy.startsWith('--from='))).toBe(true);
    const copied = copies.map((copy) => copy.split(/\s+/)[1]);
    expect(copied).toContain('/app/apps/server/dist');
    expect(copied).toContain('/app/apps/web/dist');
    expect(copied).toContain('/app/node_modules');
    // The bundle leaves every npm package external (apps/server/build.mjs), native ones included.
    const depsStage = stages.find((stage) =>
      copies.some((copy) => copy.startsWith(`--from=${stage.name} /app/node_modules`)),
    );
    expect(args(depsStage, 'RUN').some((run) => run.startsWith('npm ci --omit=dev'))).toBe(true);
    const user = args(runtime, 'USER').at(-1);
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
    expect(args(runtime, 'ENV').join(' ')).toMatch(/\bHOST=0\.0\.0\.0\b/);
  });

  it('checks liveness at /api/healthy', () => {
    expect(args(runtime, 'HEALTHCHECK').join(' ')).toContain('/api/healthy');
  });

  it('keeps installs, builds, data, secrets and the history out of the build context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'));
    for (const entry of ['**/node_modules', '**/dist', 'data', '.git', '.env', 'test-results']) {
      expect(ignored).toContain(entry);
    }
  });
});

describe('README', () => {
  it('tells the operator every variable compose.yaml requires in the .env', () => {
    const section = read('README.md').split('## Run it for a team')[1];
    expect(section, 'README lacks a "Run it for a team" section').toBeDefined();
    const required = new Set(
      [...read('compose.yaml').matchAll(/\$\{([A-Z0-9_]+):\?/g)].map((match) => match[1]),
    );
    for (const name of required) expect(section, `${name} is not in the README's .env`).toContain(`${name}=`);
  });
});
