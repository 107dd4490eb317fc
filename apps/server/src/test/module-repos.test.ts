import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A module's repositories are its own: another module uses what its services export (a query
 * it offers others is re-exported from its service, so the owner decides what leaves it), never
 * a `*.repo.ts` of another module. This walks the relative imports of `src/modules/**` (type
 * imports and seeds included; tests and test kits not: a test may set up rows through any repo)
 * and fails on each import of another module's repository, naming the file.
 */

const MODULES = resolve(dirname(fileURLToPath(import.meta.url)), '../modules');
const TEST_CODE = /(\.test|[.-]test-kit|[.-]test-helpers)\.tsx?$/;
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
const REPO = /\.repo(\.ts)?$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !TEST_CODE.test(entry.name) ? [path] : [];
  });
}

/** `file -> specifier` for each import of a repository in another module than the file's. */
function foreignRepoImports(files: { path: string; text: string }[]): string[] {
  return files.flatMap(({ path, text }) => {
    const from = relative(MODULES, path).split(sep)[0];
    return [...text.matchAll(IMPORT)].flatMap((match) => {
      const specifier = match[1] ?? match[2] ?? '';
      const target = relative(MODULES, resolve(dirname(path), specifier));
      if (target.startsWith('..') || !REPO.test(specifier)) return [];
      return target.split(sep)[0] === from ? [] : [`${relative(MODULES, path)} -> ${specifier}`];
    });
  });
}

describe('server modules', () => {
  it("import another module's services, never its repositories", () => {
    const files = sourceFiles(MODULES).map((path) => ({ path, text: readFileSync(path, 'utf8') }));
    expect(files.length).toBeGreaterThan(100);
    expect(foreignRepoImports(files)).toEqual([]);
  });

  it('the walk tells a foreign repository from the module’s own, in subfolders too', () => {
    const at = (path: string) => join(MODULES, path);
    expect(
      foreignRepoImports([
        { path: at('billing/orders.service.ts'), text: "import { a } from '../payments/payments.repo';" },
        { path: at('chat/assistant/send.ts'), text: "import type { b } from '../../brand/brand.repo';" },
        { path: at('chat/assistant/send.ts'), text: "import { c } from '../chats.repo';" },
        { path: at('payments/stripe/x.ts'), text: "import { d } from '../payments.repo';" },
        { path: at('storage/x.ts'), text: "import { e } from '../files/files.service';" },
      ]),
    ).toEqual([
      'billing/orders.service.ts -> ../payments/payments.repo',
      'chat/assistant/send.ts -> ../../brand/brand.repo',
    ]);
  });
});
