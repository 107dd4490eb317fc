import { describe, expect, it } from 'vitest';

/**
 * A feature's calls live in its `*-api.ts` files (queries, mutations, plain functions); its
 * components call those, never `callApi` themselves, so each call and its options (silent or not,
 * the query key it refreshes) are written once, where the next reader looks for them.
 */
const components = import.meta.glob<string>(['./**/*.tsx', '!./**/*.test.*'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe("features' API calls", () => {
  it('finds the components', () => {
    expect(Object.keys(components).length).toBeGreaterThan(100);
  });

  it("no component calls callApi itself: the call goes in its feature's *-api.ts", () => {
    const inline = Object.entries(components)
      .filter(([, text]) => /(?<![\w.])callApi\(/.test(text))
      .map(([file]) => file);
    expect(inline).toEqual([]);
  });
});
