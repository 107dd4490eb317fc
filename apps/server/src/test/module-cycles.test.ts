import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Modules depend one way: a module imported by another never imports it back, not even through a
 * third. Where a lower module must reach a higher one (credits opening a team's billing account,
 * payments telling billing a bill was paid), the higher one registers a callback when it
 * registers its routes. This walks the relative imports between `src/modules/*` folders and fails
 * on any cycle, naming the files that make it.
 *
 * Type-only imports count: they tie a module to another's shapes just the same. Tests and test
 * kits do not: a payments test may pay an order the billing kit made.
 */

const MODULES = resolve(dirname(fileURLToPath(import.meta.url)), '../modules');
const TEST_CODE = /(\.test|[.-]test-kit|[.-]test-helpers)\.tsx?$/;
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

type Graph = Map<string, Map<string, string[]>>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !TEST_CODE.test(entry.name) ? [path] : [];
  });
}

/** module -> module it imports -> the importing files (with what they import). */
function moduleGraph(): Graph {
  const graph: Graph = new Map();
  for (const file of sourceFiles(MODULES)) {
    const from = relative(MODULES, file).split(sep)[0] ?? '';
    const edges = graph.get(from) ?? new Map<string, string[]>();
    graph.set(from, edges);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? '';
      const target = relative(MODULES, resolve(dirname(file), specifier));
      if (target.startsWith('..')) continue;
      const to = target.split(sep)[0] ?? '';
      if (to === from) continue;
      edges.set(to, [...(edges.get(to) ?? []), `${relative(MODULES, file)} -> ${specifier}`]);
    }
  }
  return graph;
}

/** The strongly connected groups of more than one module (Tarjan): each holds a cycle. */
function cyclesOf(edges: Map<string, Iterable<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      group.push(member);
      if (member === node) break;
    }
    if (group.length > 1) groups.push(group.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return groups;
}

describe('server modules', () => {
  const graph = moduleGraph();
  const edges = new Map([...graph].map(([from, to]) => [from, to.keys()] as const));

  it('import each other one way only: no cycle between modules', () => {
    const cycles = cyclesOf(edges).map((group) =>
      group.flatMap((from) =>
        group.flatMap((to) => (graph.get(from)?.get(to) ?? []).map((line) => `${from} -> ${to}: ${line}`)),
      ),
    );
    expect(cycles).toEqual([]);
  });

  it('the walk sees the imports it checks (billing uses credits and payments, not the reverse)', () => {
    expect([...(graph.get('billing')?.keys() ?? [])]).toEqual(
      expect.arrayContaining(['credits', 'payments']),
    );
    expect(graph.get('credits')?.has('billing')).toBe(false);
    expect(graph.get('payments')?.has('billing')).toBe(false);
  });

  it('the cycle finder finds a cycle through a third module, and none in a one-way chain', () => {
    const ring = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cyclesOf(ring)).toEqual([['a', 'b', 'c']]);
    expect(
      cyclesOf(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
        ]),
      ),
    ).toEqual([]);
  });
});
