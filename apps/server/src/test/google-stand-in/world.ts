import { DEMO_ROWS } from './data';

/**
 * What a Google account can reach in the stand-in: GA4 accounts and properties, Search Console
 * sites, Ads customers (managers with their clients). `demo` marks the one of each kind whose
 * figures come from the demo generator; the others are real but hold no data yet (a property
 * created last week), which is what a sync must also cope with.
 */
export interface GaPropertyDef {
  /** `properties/123` */
  property: string;
  displayName: string;
  propertyType: string;
  currencyCode: string;
  timeZone: string;
  demo: boolean;
}

export interface GaAccountDef {
  /** `accounts/123` */
  account: string;
  displayName: string;
  properties: GaPropertyDef[];
}

export interface GscSiteDef {
  siteUrl: string;
  permissionLevel: string;
  demo: boolean;
}

export interface AdsCustomerDef {
  /** Digits only, as the API writes customer ids. */
  id: string;
  name: string;
  manager: boolean;
  /** A manager's client customers (ids). */
  clients: string[];
  currencyCode: string;
  timeZone: string;
  demo: boolean;
}

export interface World {
  ga: GaAccountDef[];
  gsc: GscSiteDef[];
  ads: AdsCustomerDef[];
  /** What `customers:listAccessibleCustomers` answers: the customers the user was invited to directly. */
  adsAccessible: string[];
}

export const DEMO_GA_PROPERTY = DEMO_ROWS.gaProperty;
export const DEMO_GSC_SITE = DEMO_ROWS.gscSite;
/** The demo's `123-456-7890` as the Ads API writes it. */
export const DEMO_ADS_CUSTOMER = DEMO_ROWS.gadsCustomer.replaceAll('-', '');
export const DEMO_ADS_MANAGER = '9876543210';

export function defaultWorld(): World {
  return {
    ga: [
      {
        account: 'accounts/2000001',
        displayName: 'Demo Store',
        properties: [
          {
            property: DEMO_GA_PROPERTY,
            displayName: 'Demo Store (GA4)',
            propertyType: 'PROPERTY_TYPE_ORDINARY',
            currencyCode: 'USD',
            timeZone: 'UTC',
            demo: true,
          },
          {
            property: 'properties/100000002',
            displayName: 'Demo Store - staging',
            propertyType: 'PROPERTY_TYPE_ORDINARY',
            currencyCode: 'USD',
            timeZone: 'UTC',
            demo: false,
          },
        ],
      },
      {
        account: 'accounts/2000002',
        displayName: 'Side Project',
        properties: [
          {
            property: 'properties/100000003',
            displayName: 'Side Project',
            propertyType: 'PROPERTY_TYPE_ORDINARY',
            currencyCode: 'EUR',
            timeZone: 'Europe/Paris',
            demo: false,
          },
        ],
      },
    ],
    gsc: [
      { siteUrl: DEMO_GSC_SITE, permissionLevel: 'siteOwner', demo: true },
      { siteUrl: 'https://blog.demo-store.example/', permissionLevel: 'siteFullUser', demo: false },
    ],
    ads: [
      {
        id: DEMO_ADS_MANAGER,
        name: 'Demo Agency (manager)',
        manager: true,
        clients: [DEMO_ADS_CUSTOMER, '5550001111'],
        currencyCode: 'USD',
        timeZone: 'UTC',
        demo: false,
      },
      {
        id: DEMO_ADS_CUSTOMER,
        name: 'Demo Store Ads',
        manager: false,
        clients: [],
        currencyCode: 'USD',
        timeZone: 'UTC',
        demo: true,
      },
      {
        id: '5550001111',
        name: 'Demo Store Brand Ads',
        manager: false,
        clients: [],
        currencyCode: 'USD',
        timeZone: 'UTC',
        demo: false,
      },
      {
        id: '4440002222',
        name: 'Side Project Ads',
        manager: false,
        clients: [],
        currencyCode: 'EUR',
        timeZone: 'Europe/Paris',
        demo: false,
      },
    ],
    adsAccessible: [DEMO_ADS_MANAGER, '4440002222'],
  };
}
