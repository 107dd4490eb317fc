import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import pkg from './package.json' with { type: 'json' };

const REGIONS = ['global', 'cn'];

/** A typo in VITE_REGION would silently ship the wrong login page; fail the build instead. */
function checkRegion(): Plugin {
  return {
    name: 'app:check-region',
    configResolved(config) {
      const region: unknown = config.env.VITE_REGION;
      if (region !== undefined && region !== '' && !REGIONS.includes(String(region))) {
        throw new Error(`VITE_REGION must be one of ${REGIONS.join(', ')}; got "${String(region)}"`);
      }
    },
  };
}

/**
 * Vendor code that every page needs goes into a few long-lived chunks, so a deploy that only
 * touches app code does not invalidate them. Only modules of the initial load are grouped
 * (`$initial`): since antd, TanStack Query and zod left the initial load (they come with the lazy
 * provider layer, docs/performance.md), those groups hold React, the router and i18next; antd
 * components stay in the chunks of the pages that use them.
 */
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
  {
    name: 'antd',
    test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[\w-]+|@emotion|stylis|dayjs)[\\/]/,
    priority: 20,
    tags: ['$initial' as const],
  },
  {
    name: 'vendor',
    test: /node_modules[\\/](@tanstack|i18next|react-i18next|zod)[\\/]/,
    priority: 10,
    tags: ['$initial' as const],
  },
];

/**
 * These packages have no side effects on import but do not say so in their package.json, so the
 * bundler kept whole modules of them that nothing uses (all of rc-form and its validator came
 * with antd's ConfigProvider, for instance). Declaring them pure takes about 11 kB of gzip off
 * /chat and off every antd page.
 */
const sideEffectFree =
  /node_modules[\\/](@rc-component|@ant-design[\\/](cssinjs|cssinjs-utils|fast-color|colors)|@babel[\\/]runtime)[\\/]/;

export default defineConfig({
  plugins: [react(), checkRegion()],
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  server: {
    proxy: {
      // The API server is a separate process in development; same origin in production.
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // bench/bundle (the page-weight test of `npm test`) reads what each page loads from it.
    manifest: true,
    // The modulepreload polyfill rides in the entry of every page, /login's too. Every browser
    // the es2022 target runs on loads the chunks without it; only Safari before 17 then fetches a
    // lazy page's shared chunks on import rather than ahead (a little later, never broken).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: { moduleSideEffects: [{ test: sideEffectFree, sideEffects: false }] },
      output: {
        codeSplitting: { groups: vendorGroups },
        // Every lazy chunk's file name is listed in the entry's preload map, which /login loads:
        // names of the hash alone keep that map 2.8 kB (gzip) smaller than `name-hash.js`. The
        // manifest and source maps still name each chunk's modules (bench/bundle reads them).
        chunkFileNames: 'assets/[hash].js',
      },
    },
  },
});
