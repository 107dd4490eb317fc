/**
 * Columns added after stores were first written, appended (so a store made before them and one
 * made after keep one column order): GA4 session source, medium and campaign and the total session
 * seconds (average session duration = seconds / sessions, recomputed from parts); Google Ads
 * device and network. A store written before them reads null there until its next sync.
 */
const STORE_UPGRADES = `
alter table ga_daily add column if not exists source varchar;
alter table ga_daily add column if not exists medium varchar;
alter table ga_daily add column if not exists campaign varchar;
alter table ga_daily add column if not exists session_duration double;
alter table gads_daily add column if not exists device varchar;
alter table gads_daily add column if not exists network varchar;
`;

/**
 * The tables of an analytics store (the demo's and each team's), per ARCHITECTURE section 8, plus
 * what every result is labelled with: the properties (name, currency, time zone), how fresh each
 * source is, and the range totals of counts that are not additive over days (users).
 */
export const STORE_TABLES = `
create table if not exists _properties (
  source varchar not null, property varchar not null, name varchar not null,
  currency varchar not null, time_zone varchar not null,
  primary key (source, property)
);
create table if not exists _freshness (
  source varchar not null, property varchar not null,
  synced_at timestamp, complete_through date,
  primary key (source, property)
);
create table if not exists _range_totals (
  source varchar not null, property varchar not null, start_date date not null, end_date date not null,
  metric varchar not null, value double not null,
  primary key (source, property, start_date, end_date, metric)
);
create table if not exists ga_daily (
  date date not null, property varchar not null, channel varchar, country varchar, device varchar,
  landing_page varchar, sessions integer, users integer, new_users integer, engaged_sessions integer,
  conversions integer, revenue double,
  source varchar, medium varchar, campaign varchar, session_duration double
);
create table if not exists gsc_daily (
  date date not null, site varchar not null, query varchar, page varchar, country varchar, device varchar,
  clicks integer, impressions integer, ctr double, position double
);
create table if not exists gads_daily (
  date date not null, customer_id varchar not null, campaign varchar, ad_group varchar, keyword varchar,
  impressions integer, clicks integer, cost_micros bigint, conversions double, conversion_value double,
  device varchar, network varchar
);
${STORE_UPGRADES}
`;
