// Bundles the server into dist/main.js (workspace TypeScript included, npm packages left external)
// and copies what it reads at run time: the migrations and the seeded translations.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

// Paths below are relative to this package, wherever the build is started from.
const root = fileURLToPath(new URL('.', import.meta.url));
process.chdir(root);

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@app/'));

rmSync('dist', { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: ['./src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
cpSync('src/modules/i18n/seed', 'dist/i18n-seed', { recursive: true });
console.log('server built: dist/main.js');
