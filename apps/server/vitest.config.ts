import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Migrates one database that every test file copies (src/test/global-setup.ts).
    globalSetup: ['./src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The object store's streaming test reads live memory after a full collection.
    execArgv: ['--expose-gc'],
    // Both cores of the machine the README targets (Vitest's default leaves one idle), each fork
    // importing the server once for all its files rather than once per file: the files own their
    // databases and apps, no test mocks a module, and module-level caches are keyed by the store
    // or app they serve. Together with the migrated template: 865 s -> about 260 s here.
    maxWorkers: 2,
    isolate: false,
  },
});
