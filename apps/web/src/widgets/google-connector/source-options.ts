import type { AnalyticsMetadata, SelectedBody } from '@app/contract/connectors/metadata';

/** One choice of a cascade: an account, a property, a manager, a customer. */
export interface SourceOption {
  value: string;
  label: string;
  disabled?: boolean;
  children?: SourceOption[];
}

type Ga = NonNullable<AnalyticsMetadata['ga']>;
type Gsc = NonNullable<AnalyticsMetadata['gsc']>;
type Gads = NonNullable<AnalyticsMetadata['gads']>;

/** Google Ads shows customer ids as 123-456-7890. */
export function formatCustomerId(id: string): string {
  return /^\d{10}$/.test(id) ? `${id.slice(0, 3)}-${id.slice(3, 6)}-${id.slice(6)}` : id;
}

/** GA4: accounts, each with its properties (`accountSummaries` -> `propertySummaries`). */
export function gaOptions(meta: Ga): SourceOption[] {
  return meta.values.accountSummaries.map((account) => ({
    value: account.name,
    label: account.displayName,
    disabled: account.propertySummaries.length === 0,
    children: account.propertySummaries.map((property) => ({
      value: property.property,
      label: `${property.displayName} (${property.property.replace(/^properties\//, '')})`,
    })),
  }));
}

/** The cascade path of the chosen property: its account, then itself. */
export function gaPath(meta: Ga): string[] | undefined {
  const chosen = meta.selected?.property;
  if (!chosen) return undefined;
  const account = meta.values.accountSummaries.find((item) =>
    item.propertySummaries.some((property) => property.property === chosen),
  );
  return account ? [account.name, chosen] : undefined;
}

export function gaBody(meta: Ga, path: string[]): SelectedBody | null {
  const [accountName, property] = path;
  const account = meta.values.accountSummaries.find((item) => item.name === accountName);
  const summary = account?.propertySummaries.find((item) => item.property === property);
  if (!account || !summary) return null;
  return {
    platform: 'ga',
    selected: {
      displayName: account.displayName,
      propertyDisplayName: summary.displayName,
      property: summary.property,
      propertyType: summary.propertyType,
      parent: summary.parent,
    },
  };
}

/** Search Console: the sites (`siteEntry[].siteUrl`). */
export function gscOptions(meta: Gsc): SourceOption[] {
  return meta.values.siteEntry.map((site) => ({ value: site.siteUrl, label: site.siteUrl }));
}

/**
 * Google Ads: a manager (MCC) holds no metrics of its own, so it is a step to its customers; a
 * customer reached directly is a choice of its own. The path is `customer_hierarchy`: manager,
 * then child, or the customer alone.
 */
export function gadsOptions(meta: Gads): SourceOption[] {
  return meta.values.map((customer) => {
    const label = `${customer.name} (${formatCustomerId(customer.id)})`;
    if (!customer.manager) return { value: customer.id, label };
    return {
      value: customer.id,
      label,
      disabled: customer.children.filter((child) => !child.manager).length === 0,
      children: customer.children
        .filter((child) => !child.manager)
        .map((child) => ({ value: child.id, label: `${child.name} (${formatCustomerId(child.id)})` })),
    };
  });
}

export function gadsBody(path: string[]): SelectedBody | null {
  return path.length > 0 ? { platform: 'gads', selected: { customer_hierarchy: path.slice(0, 2) } } : null;
}
