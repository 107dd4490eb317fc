import { defineConfig, mergeConfig } from 'vitest/config';
// With its extension: Vite's native config loader resolves no other way.
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      setupFiles: ['./vitest.setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      // A loaded 2-core machine runs two files at once: a page's first render waits for Vite to
      // transform its lazy chunk.
      testTimeout: 30_000,
      // Both cores of the machine the README targets (Vitest's default leaves one idle). What made
      // a page test slow, jsdom matching antd's thousand CSS rules for every computed style, is
      // taken out in vitest.setup.ts.
      maxWorkers: 2,
      restoreMocks: true,
      unstubGlobals: true,
    },
  }),
);
