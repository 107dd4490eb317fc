import type { Translate } from './translate';

/** Where a cache keeps its entries (`CACHE_BACKENDS`); Redis is a product's name, kept as written. */
export function cacheBackendLabel(backend: string, t: Translate): string {
  switch (backend) {
    case 'memory':
      return t('Memory');
    case 'redis':
      return 'Redis';
    case 'database':
      return t('Database');
    default:
      return backend;
  }
}
