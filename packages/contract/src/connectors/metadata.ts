import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint';
import { zConnectorService } from './connectors';
import { zConnectScope, zGoogleService } from './google-services';

const tags = ['connectors: google'];

/**
 * Spec section 3, "Analytics metadata per service": for each bound service, what the Google
 * account offers (`values`, in Google's own field names) and what the team chose (`selected`).
 */

/** Google Analytics Admin API `accountSummaries[].propertySummaries[]`. */
export const zGaPropertySummary = z.object({
  /** `properties/123456789` */
  property: z.string(),
  displayName: z.string(),
  /** `PROPERTY_TYPE_ORDINARY`, `PROPERTY_TYPE_SUBPROPERTY`, `PROPERTY_TYPE_ROLLUP` */
  propertyType: z.string(),
  /** `accounts/123` */
  parent: z.string(),
});

export const zGaAccountSummary = z.object({
  /** `accountSummaries/123` and `accounts/123`, as Google names them. */
  name: z.string(),
  account: z.string(),
  displayName: z.string(),
  propertySummaries: z.array(zGaPropertySummary),
});

/** The chosen GA4 property: the account's display name and the property's fields. */
export const zGaSelected = z.object({
  displayName: z.string(),
  propertyDisplayName: z.string(),
  property: z.string(),
  propertyType: z.string(),
  parent: z.string(),
});
export type GaSelected = z.infer<typeof zGaSelected>;

/** Search Console `sites.list` `siteEntry[]`. */
export const zGscSite = z.object({
  /** `https://www.example.com/` or `sc-domain:example.com` */
  siteUrl: z.string(),
  permissionLevel: z.string(),
});
export const zGscSelected = z.object({ siteUrl: z.string() });
export type GscSelected = z.infer<typeof zGscSelected>;

/** An Ads customer under a manager (one level: what `customer_hierarchy` can name). */
export const zGadsChild = z.object({ id: z.string(), name: z.string(), manager: z.boolean() });

/**
 * An accessible Ads customer: `id` without dashes (`1234567890`), its descriptive name, whether it
 * is a manager (MCC) and, for a manager, the customers under it.
 */
export const zGadsCustomer = z.object({
  id: z.string(),
  name: z.string(),
  manager: z.boolean(),
  children: z.array(zGadsChild),
});

/**
 * `customer_hierarchy`: the customer synced, reached through its manager: `[manager, child]`, or
 * `[customer]` for an account reached directly.
 */
export const zGadsSelected = z.object({
  customer_hierarchy: z
    .array(z.string().regex(/^\d{1,20}$/, { message: 'a customer id is digits' }))
    .min(1)
    .max(2),
});
export type GadsSelected = z.infer<typeof zGadsSelected>;

/** A service's answer; `error` says why Google's list could not be read (the rest still answers). */
const metadataOf = <V extends z.ZodType, S extends z.ZodType>(values: V, selected: S) =>
  z.object({ values, selected: selected.nullable(), error: z.string().nullable() });

export const zGaMetadata = metadataOf(
  z.object({ accountSummaries: z.array(zGaAccountSummary) }),
  zGaSelected,
);
export const zGscMetadata = metadataOf(z.object({ siteEntry: z.array(zGscSite) }), zGscSelected);
export const zGadsMetadata = metadataOf(z.array(zGadsCustomer), zGadsSelected);

/** Null for a service not bound in the scope (or Ads while `gads_enable` is off). */
export const zAnalyticsMetadata = z.object({
  ga: zGaMetadata.nullable(),
  gsc: zGscMetadata.nullable(),
  gads: zGadsMetadata.nullable(),
});
export type AnalyticsMetadata = z.infer<typeof zAnalyticsMetadata>;

/** Reads Google's lists with the bound accounts: the data owner only. */
export const getIntegMetadata = defineEndpoint({
  method: 'GET',
  path: '/api/integ-3rd-platform/metadata',
  permission: 'signed_in',
  summary: 'What each bound Google account offers (properties, sites, customers) and what is chosen',
  tags,
  query: z.object({
    /** One service only (default: every bound one). */
    platform: zGoogleService.optional(),
    ...zConnectScope,
  }),
  response: zAnalyticsMetadata,
});

/**
 * Chooses what a service syncs. Only `property` (ga), `siteUrl` (gsc) or the ids (gads) are
 * needed: the server checks them against Google's lists and keeps Google's names. A new choice
 * starts a backfill; the rows of the previous one leave the store unless another binding of the
 * team still chooses it. Data owner only.
 */
export const zSelectedBody = z.discriminatedUnion('platform', [
  z.object({
    platform: z.literal('ga'),
    selected: zGaSelected.partial().required({ property: true }),
    ...zConnectScope,
  }),
  z.object({ platform: z.literal('gsc'), selected: zGscSelected, ...zConnectScope }),
  z.object({ platform: z.literal('gads'), selected: zGadsSelected, ...zConnectScope }),
]);
export type SelectedBody = z.input<typeof zSelectedBody>;

export const putIntegMetadataSelected = defineEndpoint({
  method: 'PUT',
  path: '/api/integ-3rd-platform/metadata/selected',
  permission: 'signed_in',
  summary: 'Choose the property, site or customer a bound service syncs',
  tags,
  body: zSelectedBody,
  /** The service's connector status after the choice (its backfill queued). */
  response: zConnectorService,
});
