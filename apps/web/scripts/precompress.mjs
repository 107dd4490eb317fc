// Writes .br and .gz beside every text asset of the build, so the server sends compressed files
// without compressing on each request (@fastify/static `preCompressed`).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));
const compressible = /\.(js|mjs|css|html|svg|json|txt|map)$/;
let files = 0;
let before = 0;
let after = 0;

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (compressible.test(name) && !name.endsWith('.map')) compress(file);
  }
}

function compress(file) {
  const bytes = readFileSync(file);
  if (bytes.length < 1024) return;
  const br = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  files += 1;
  before += bytes.length;
  after += br.length;
}

walk(dist);
console.log(
  `precompressed ${files} files: ${(before / 1024).toFixed(0)} kB -> ${(after / 1024).toFixed(0)} kB brotli`,
);
