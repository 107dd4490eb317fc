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
      // antd's CSS-in-JS under jsdom is slow: a drawer test takes ~12 s alone on this 2-core
      // machine, more with files running in parallel.
      testTimeout: 30_000,
      restoreMocks: true,
      unstubGlobals: true,
    },
  }),
);
