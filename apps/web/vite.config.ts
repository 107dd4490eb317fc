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
 * (`$initial`): antd components used by lazy admin pages stay in those pages' chunks, so the
 * login and chat routes never download them.
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
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
});
