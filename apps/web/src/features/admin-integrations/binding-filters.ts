import { GOOGLE_SERVICE_LABELS, GOOGLE_SERVICES } from '@app/contract/connectors/google-services';
import type { FilterConfig } from '../../widgets/filter-drawer/filter-types';

type Translate = (msgid: string) => string;

export function bindingFilters(t: Translate): FilterConfig {
  return {
    service: {
      alias: t('Service'),
      type: 'check_list',
      options: GOOGLE_SERVICES.map((service) => ({
        name: t(GOOGLE_SERVICE_LABELS[service]),
        value: service,
      })),
    },
    needs_reconnect: { alias: t('Needs reconnect'), type: 'bool', on: t('Yes'), off: t('No') },
    sync_status: {
      alias: t('Sync'),
      type: 'check_list',
      options: [
        { name: t('Waiting for a choice'), value: 'idle' },
        { name: t('Queued'), value: 'queued' },
        { name: t('Syncing'), value: 'running' },
        { name: t('Paused'), value: 'waiting' },
        { name: t('Up to date'), value: 'succeeded' },
        { name: t('Failed'), value: 'failed' },
      ],
    },
    bound_at: { alias: t('Bound'), type: 'range' },
  };
}
