import type { ConnectorService, ConnectorsStatus } from '@app/contract/connectors/connectors';
import type { AnalyticsMetadata } from '@app/contract/connectors/metadata';

/** Contract-valid answers of the connectors calls; tests override what they are about. */
export function serviceStatus(overrides: Partial<ConnectorService> = {}): ConnectorService {
  return {
    service: 'ga',
    label: 'Google Analytics 4',
    available: true,
    unavailable_reason: null,
    bound: false,
    needs_reconnect: false,
    account: null,
    selected: null,
    data_range: null,
    last_sync_at: null,
    freshness: { state: 'none', synced_at: null, complete_through: null },
    sync: {
      status: 'idle',
      phase: null,
      progress: null,
      range: null,
      rows: 0,
      started_at: null,
      finished_at: null,
      next_attempt_at: null,
    },
    last_error: null,
    ...overrides,
  };
}

export const BOUND_GA = serviceStatus({
  bound: true,
  account: { name: 'Ada Lovelace', email: 'ada@example.com' },
  selected: { id: 'properties/1001', name: 'Web shop' },
  data_range: { start: '2024-01-01', end: '2025-12-30' },
  last_sync_at: 1_767_100_000,
  freshness: { state: 'fresh', synced_at: 1_767_100_000, complete_through: '2025-12-30' },
  sync: {
    status: 'running',
    phase: 'incremental',
    progress: 0.4,
    range: { start: '2025-12-28', end: '2025-12-31' },
    rows: 120,
    started_at: 1_767_100_000,
    finished_at: null,
    next_attempt_at: null,
  },
  last_error: { message: 'Google answered 503', at: 1_767_000_000 },
});

export function connectorsStatus(overrides: Partial<ConnectorsStatus> = {}): ConnectorsStatus {
  return {
    requestor_user_id: 'user-1',
    data_owner_user_id: 'user-1',
    is_data_owner: true,
    gads_enable: false,
    team_id: 'team-1',
    project_id: null,
    services: [
      serviceStatus(),
      serviceStatus({ service: 'gsc', label: 'Google Search Console' }),
      serviceStatus({ service: 'gads', label: 'Google Ads' }),
    ],
    ...overrides,
  };
}

export const GA_METADATA: NonNullable<AnalyticsMetadata['ga']> = {
  values: {
    accountSummaries: [
      {
        name: 'accountSummaries/11',
        account: 'accounts/11',
        displayName: 'Shop account',
        propertySummaries: [
          {
            property: 'properties/1001',
            displayName: 'Web shop',
            propertyType: 'PROPERTY_TYPE_ORDINARY',
            parent: 'accounts/11',
          },
          {
            property: 'properties/1002',
            displayName: 'App',
            propertyType: 'PROPERTY_TYPE_ORDINARY',
            parent: 'accounts/11',
          },
        ],
      },
    ],
  },
  selected: null,
  error: null,
};

export const GADS_METADATA: NonNullable<AnalyticsMetadata['gads']> = {
  values: [
    {
      id: '1112223333',
      name: 'Agency MCC',
      manager: true,
      children: [{ id: '4445556666', name: 'Client shoes', manager: false }],
    },
    { id: '7778889999', name: 'Own account', manager: false, children: [] },
  ],
  selected: null,
  error: null,
};
