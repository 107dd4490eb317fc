import { addDays, type Day, type DayRange } from '@app/contract/analytics/date-ranges';
import type { DuckDBConnection } from '@duckdb/node-api';
import { offeredRanges } from './offered-ranges';
import { STORE_TABLES } from './store-schema';

/**
 * The demo source every team can ask before binding anything: two years of daily GA4, Search
 * Console and Ads data for one made-up business, generated in SQL from fixed weights and a
 * deterministic noise function of (day, dimension ids), so a given day always holds the same
 * figures whenever it is generated (tests and answers stay reproducible as the window moves).
 * Shapes a marketer recognises: weekly and yearly seasonality, a growth trend, a channel mix with
 * its sources, mediums and campaigns, countries, devices and landing pages, session durations; Search Console click-through rates that fall with
 * position; Ads clicks and cost by device and network that agree with the paid-search sessions in GA4.
 */

export const DEMO = {
  ga: { property: 'properties/100000001', name: 'Demo Store (GA4)' },
  gsc: { property: 'sc-domain:demo-store.example', name: 'demo-store.example' },
  gads: { property: '123-456-7890', name: 'Demo Store Ads' },
  currency: 'USD',
  timeZone: 'UTC',
  /** Days held: two years. */
  days: 730,
  /** The generator's version, kept in the demo (`_demo`): a demo made by another is made again. */
  version: 3,
} as const;

/** Paid-search clicks that land as GA4 sessions (some bounce before the tag fires). */
export const PAID_CLICK_TO_SESSION = 0.96;

/**
 * Uniform noise in [0, 1) from integers, with integer arithmetic only, so the figures are the
 * same on every machine and DuckDB version.
 */
const NOISE_MACRO = `
create or replace macro demo_noise(a, b, c) as
  ((abs((a * 1103515245 + b * 12345 + c * 40503) % 2147483647) * 16807) % 2147483647) / 2147483647.0;
`;

/** Day index since 2020-01-01: the trend and the noise depend on the date, never on today. */
const DAY_INDEX = `datediff('day', date '2020-01-01', d.date)`;

const SEASON = `(1 + 0.12 * sin(2 * pi() * (dayofyear(d.date) - 80) / 365.25))
  * (case dayofweek(d.date) when 0 then 0.74 when 6 then 0.80 else 1.0 end)
  * (1 + 0.30 * ${DAY_INDEX} / 2000.0)`;

function dimensionTables(): string {
  return `
create temp table demo_dates as
  select d::date as date from generate_series($start::date, $end::date, interval 1 day) t(d);
create temp table demo_channels as select * from (values
  (1, 'Organic Search', 0.36, 0.62, 0.018), (2, 'Direct', 0.22, 0.58, 0.026),
  (3, 'Referral', 0.07, 0.66, 0.022), (4, 'Organic Social', 0.10, 0.41, 0.008),
  (5, 'Email', 0.05, 0.71, 0.041)) t(id, channel, weight, engagement, conversion);
create temp table demo_countries as select * from (values
  (1, 'United States', 0.38), (2, 'China', 0.16), (3, 'United Kingdom', 0.10), (4, 'Germany', 0.09),
  (5, 'France', 0.08), (6, 'Canada', 0.07), (7, 'Japan', 0.07), (8, 'Australia', 0.05)) t(id, country, weight);
create temp table demo_devices as select * from (values
  (1, 'desktop', 0.52), (2, 'mobile', 0.42), (3, 'tablet', 0.06)) t(id, device, weight);
create temp table demo_pages as select * from (values
  (1, '/', 0.30), (2, '/pricing', 0.14), (3, '/blog/seo-checklist', 0.12), (4, '/blog/ga4-guide', 0.10),
  (5, '/features', 0.11), (6, '/integrations', 0.08), (7, '/case-studies', 0.07), (8, '/contact', 0.08))
  t(id, landing_page, weight);
`;
}

/** Campaigns, ad groups and keywords with their own reach, click-through, cost per click and value. */
const ADS_TABLE = `
create temp table demo_keywords as select * from (values
  (1, 'Brand', 'Brand - Exact', 'demo store', 900, 0.12, 0.55, 0.080, 95.0),
  (2, 'Brand', 'Brand - Exact', 'demo store login', 300, 0.15, 0.40, 0.030, 60.0),
  (3, 'Brand', 'Brand - Phrase', 'demo store pricing', 420, 0.10, 0.70, 0.090, 110.0),
  (4, 'Analytics Tools', 'GA4 Reporting', 'ga4 reporting tool', 2600, 0.035, 2.40, 0.030, 140.0),
  (5, 'Analytics Tools', 'GA4 Reporting', 'google analytics dashboard', 3100, 0.028, 2.10, 0.022, 120.0),
  (6, 'Analytics Tools', 'Marketing Analytics', 'marketing analytics software', 2200, 0.031, 3.10, 0.027, 180.0),
  (7, 'SEO', 'SEO Audit', 'seo audit tool', 2900, 0.030, 1.90, 0.020, 90.0),
  (8, 'SEO', 'SEO Audit', 'site audit', 1800, 0.026, 1.60, 0.016, 85.0),
  (9, 'SEO', 'Keyword Research', 'keyword research tool', 3400, 0.024, 1.70, 0.018, 80.0),
  (10, 'Competitors', 'Alternatives', 'semrush alternative', 1500, 0.030, 3.60, 0.021, 160.0),
  (11, 'Competitors', 'Alternatives', 'ahrefs alternative', 1300, 0.029, 3.90, 0.019, 170.0),
  (12, 'Retargeting', 'Site Visitors', 'site visitors', 5200, 0.008, 0.90, 0.035, 100.0),
  -- The long tail every account has: informational and navigational searches that are clicked and
  -- paid for but never convert (what "wasted spend" finds).
  (13, 'SEO', 'Keyword Research', 'free keyword tool', 900, 0.030, 1.20, 0.0, 0.0),
  (14, 'SEO', 'SEO Audit', 'how to do an seo audit', 700, 0.022, 1.10, 0.0, 0.0),
  (15, 'Analytics Tools', 'GA4 Reporting', 'ga4 tutorial', 1100, 0.025, 1.30, 0.0, 0.0),
  (16, 'Analytics Tools', 'Marketing Analytics', 'what is marketing analytics', 800, 0.020, 1.80, 0.0, 0.0),
  (17, 'Competitors', 'Alternatives', 'semrush free trial', 600, 0.028, 2.90, 0.0, 0.0),
  (18, 'Competitors', 'Alternatives', 'moz pro login', 400, 0.040, 2.20, 0.0, 0.0))
  t(id, campaign, ad_group, keyword, reach, ctr, cpc, cvr, value);
`;

/**
 * Devices and networks each keyword is served on, with their share of its reach and how their
 * click-through and cost per click differ; the retargeting campaign runs on the Display network
 * (CONTENT), the others on Google Search and its partners. Values as Google Ads writes them.
 */
const ADS_SEGMENTS = `
create temp table demo_ads_segments as select * from (values
  (1, 'DESKTOP', 'SEARCH', 0.47, 1.00, 1.00, false), (2, 'DESKTOP', 'SEARCH_PARTNERS', 0.08, 0.60, 0.70, false),
  (3, 'MOBILE', 'SEARCH', 0.34, 1.10, 0.85, false), (4, 'MOBILE', 'SEARCH_PARTNERS', 0.06, 0.65, 0.60, false),
  (5, 'TABLET', 'SEARCH', 0.04, 0.90, 0.90, false), (6, 'TABLET', 'SEARCH_PARTNERS', 0.01, 0.55, 0.65, false),
  (7, 'DESKTOP', 'CONTENT', 0.45, 1.00, 1.00, true), (8, 'MOBILE', 'CONTENT', 0.50, 1.20, 0.80, true),
  (9, 'TABLET', 'CONTENT', 0.05, 0.90, 0.90, true))
  t(id, device, network, weight, ctr_factor, cpc_factor, display);
`;

const GADS_ROWS = `
insert into gads_daily (date, customer_id, campaign, ad_group, keyword, impressions, clicks, cost_micros,
  conversions, conversion_value, device, network)
select date, $gads_property, campaign, ad_group, keyword, impressions, clicks,
  cast(round(clicks * cpc * (0.9 + 0.2 * demo_noise(n, sid, 7)) * 1000000) as bigint) as cost_micros,
  round(clicks * cvr * (0.8 + 0.4 * demo_noise(n, sid, 11)), 2) as conversions,
  round(clicks * cvr * (0.8 + 0.4 * demo_noise(n, sid, 11)) * value * (0.9 + 0.2 * demo_noise(n, sid, 13)), 2)
    as conversion_value,
  device, network
from (
  select d.date, ${DAY_INDEX} as n, k.campaign, k.ad_group, k.keyword, k.cvr, k.value,
    k.ctr * sg.ctr_factor as ctr, k.cpc * sg.cpc_factor as cpc, sg.device, sg.network, k.id * 10 + sg.id as sid,
    cast(round(k.reach * sg.weight * ${SEASON} * (0.85 + 0.3 * demo_noise(${DAY_INDEX}, k.id * 10 + sg.id, 3)))
      as integer) as impressions
  from demo_dates d, demo_keywords k
  join demo_ads_segments sg on sg.display = (k.campaign = 'Retargeting')
) k,
lateral (select cast(round(k.impressions * k.ctr * (0.85 + 0.3 * demo_noise(k.n, k.sid, 5))) as integer) as clicks);
`;

/**
 * Where each channel's sessions come from, as GA4 names them (session source, medium and campaign;
 * `(organic)`, `(direct)` and `(referral)` where there is no campaign). Paid Search sessions carry
 * the Ads campaigns. A row takes one of its channel's sources, fixed by its dimension ids.
 */
const GA_SOURCES = `
create temp table demo_sources as
select *, row_number() over (partition by channel order by ord) as v, count(*) over (partition by channel) as k
from (values
  (1, 'Organic Search', 'google', 'organic', '(organic)'), (2, 'Organic Search', 'google', 'organic', '(organic)'),
  (3, 'Organic Search', 'bing', 'organic', '(organic)'), (4, 'Organic Search', 'baidu', 'organic', '(organic)'),
  (5, 'Direct', '(direct)', '(none)', '(direct)'),
  (6, 'Referral', 'g2.com', 'referral', '(referral)'), (7, 'Referral', 'producthunt.com', 'referral', '(referral)'),
  (8, 'Referral', 'medium.com', 'referral', '(referral)'),
  (9, 'Organic Social', 'linkedin.com', 'referral', '(referral)'), (10, 'Organic Social', 'x.com', 'referral', '(referral)'),
  (11, 'Organic Social', 'facebook.com', 'referral', '(referral)'),
  (12, 'Email', 'newsletter', 'email', 'monthly_newsletter'), (13, 'Email', 'newsletter', 'email', 'product_updates'),
  (14, 'Paid Search', 'google', 'cpc', 'Brand'), (15, 'Paid Search', 'google', 'cpc', 'Analytics Tools'),
  (16, 'Paid Search', 'google', 'cpc', 'SEO'), (17, 'Paid Search', 'google', 'cpc', 'Competitors'),
  (18, 'Paid Search', 'google', 'cpc', 'Retargeting'))
  t(ord, channel, source, medium, campaign);
`;

/**
 * GA4 rows for every day, channel, country, device and landing page, each with its source, medium
 * and campaign, and its sessions' total seconds (longer where the channel engages more). Paid
 * Search sessions are the day's Ads clicks (times PAID_CLICK_TO_SESSION) spread by country, device
 * and page weights, so the two sources tell the same story.
 */
const GA_ROWS = `
create temp table demo_paid_clicks as select date, sum(clicks) as clicks from gads_daily group by date;
insert into ga_daily (date, property, channel, country, device, landing_page, sessions, users, new_users,
  engaged_sessions, conversions, revenue, source, medium, campaign, session_duration)
select date, $ga_property, x.channel, country, device, landing_page, sessions,
  cast(round(sessions * (0.80 + 0.08 * demo_noise(n, cid, 17))) as integer) as users,
  cast(round(sessions * (0.80 + 0.08 * demo_noise(n, cid, 17)) * (0.48 + 0.10 * demo_noise(n, cid, 19))) as integer)
    as new_users,
  cast(round(sessions * engagement * (0.92 + 0.16 * demo_noise(n, cid, 23))) as integer) as engaged_sessions,
  cast(round(sessions * conversion * (0.7 + 0.6 * demo_noise(n, cid, 29))) as integer) as conversions,
  round(cast(round(sessions * conversion * (0.7 + 0.6 * demo_noise(n, cid, 29))) as integer)
    * (70 + 40 * demo_noise(n, cid, 31)), 2) as revenue,
  so.source, so.medium, so.campaign,
  round(sessions * (40 + 260 * engagement) * (0.8 + 0.4 * demo_noise(n, cid, 47)), 1) as session_duration
from (
  select d.date, ${DAY_INDEX} as n, ch.channel, co.country, dv.device, p.landing_page, ch.engagement, ch.conversion,
    ch.id * 1000 + co.id * 100 + dv.id * 10 + p.id as cid,
    cast(round(5200 * ch.weight * co.weight * dv.weight * p.weight * ${SEASON}
      * (0.85 + 0.3 * demo_noise(${DAY_INDEX}, ch.id * 1000 + co.id * 100 + dv.id * 10 + p.id, 1))) as integer) as sessions
  from demo_dates d, demo_channels ch, demo_countries co, demo_devices dv, demo_pages p
  union all
  select d.date, ${DAY_INDEX} as n, 'Paid Search', co.country, dv.device, p.landing_page, 0.64, 0.024,
    9000 + co.id * 100 + dv.id * 10 + p.id,
    cast(round(pc.clicks * ${PAID_CLICK_TO_SESSION} * co.weight * dv.weight * p.weight) as integer)
  from demo_dates d join demo_paid_clicks pc on pc.date = d.date, demo_countries co, demo_devices dv, demo_pages p
) x
join demo_sources so on so.channel = x.channel and so.v = 1 + x.cid % so.k;
`;

/** Search queries with their landing page, reach and typical position; CTR follows position. */
const GSC_ROWS = `
create temp table demo_queries as select * from (values
  (1, 'demo store', '/', 4200, 1.2), (2, 'seo checklist', '/blog/seo-checklist', 9800, 4.5),
  (3, 'ga4 guide', '/blog/ga4-guide', 7600, 6.0), (4, 'google analytics 4 tutorial', '/blog/ga4-guide', 12000, 9.5),
  (5, 'marketing analytics tool', '/features', 5400, 7.8), (6, 'seo audit checklist', '/blog/seo-checklist', 6100, 5.2),
  (7, 'demo store pricing', '/pricing', 1300, 1.5), (8, 'ga4 vs universal analytics', '/blog/ga4-guide', 8800, 11.0),
  (9, 'search console integration', '/integrations', 2500, 8.2), (10, 'ai marketing assistant', '/features', 6900, 14.0),
  (11, 'marketing dashboard', '/features', 8200, 17.5), (12, 'keyword ranking tracker', '/features', 5100, 21.0),
  (13, 'case study seo growth', '/case-studies', 1900, 12.4), (14, 'contact demo store', '/contact', 700, 1.8),
  (15, 'google ads reporting', '/integrations', 4300, 15.5), (16, 'how to read ga4 reports', '/blog/ga4-guide', 5600, 8.9))
  t(id, query, page, reach, position);
create temp table demo_gsc_countries as select * from (values
  (1, 'usa', 0.45), (2, 'gbr', 0.15), (3, 'deu', 0.12), (4, 'fra', 0.10), (5, 'chn', 0.18)) t(id, country, weight);
create temp table demo_gsc_devices as select * from (values
  (1, 'DESKTOP', 0.55, 0.0), (2, 'MOBILE', 0.40, 0.8), (3, 'TABLET', 0.05, 0.4)) t(id, device, weight, position_shift);
insert into gsc_daily
select date, $gsc_property, query, page, country, device, clicks, impressions,
  case when impressions > 0 then clicks / impressions::double else 0 end as ctr, position
from (
  select d.date, q.query, q.page, co.country, dv.device, m.impressions, m.position,
    cast(round(m.impressions * (0.30 * exp(-0.32 * (m.position - 1)) + 0.004)
      * (0.8 + 0.4 * demo_noise(${DAY_INDEX}, q.id * 100 + co.id * 10 + dv.id, 41))) as integer) as clicks
  from demo_dates d, demo_queries q, demo_gsc_countries co, demo_gsc_devices dv,
  lateral (select
    cast(round(q.reach / 30.0 * co.weight * dv.weight * ${SEASON}
      * (0.8 + 0.4 * demo_noise(${DAY_INDEX}, q.id * 100 + co.id * 10 + dv.id, 37))) as integer) as impressions,
    round(greatest(1.0, q.position + dv.position_shift
      + 3 * (demo_noise(${DAY_INDEX}, q.id * 100 + co.id * 10 + dv.id, 43) - 0.5)), 2) as position) m
) x;
`;

/**
 * Users over a range are not the sum of daily users (one person comes back): the demo keeps the
 * range totals a sync would keep (`offeredRanges`), made from the daily sum with a return-visit
 * overlap that grows with the range's length. Daily sums first, so each range adds up days, not rows.
 */
const RANGE_TOTALS = `
create temp table demo_daily_people as
  select date, sum(users) as users, sum(new_users) as new_users from ga_daily group by date;
insert into _range_totals
select 'ga', $ga_property, r.start_date, r.end_date, m.metric,
  round(sum(case m.metric when 'users' then g.users else g.new_users end)
    / (case m.metric when 'users' then 1 + 0.09 * ln(datediff('day', r.start_date, r.end_date) + 1) else 1 end))
from demo_ranges r, (values ('users'), ('new_users')) m(metric), demo_daily_people g
where g.date between r.start_date and r.end_date
group by r.start_date, r.end_date, m.metric;
`;

/**
 * The ranges the demo keeps totals for: the offered ranges as of every "today" a caller can have
 * while the demo ends on `end` (UTC yesterday): one day behind UTC, UTC itself, one day ahead.
 */
function rangesHeld(end: Day, start: Day): DayRange[] {
  const wanted = new Map<string, DayRange>();
  for (const today of [end, addDays(end, 1), addDays(end, 2)]) {
    for (const range of offeredRanges(today, start)) {
      if (range.start >= start && range.start <= end) wanted.set(`${range.start}:${range.end}`, range);
    }
  }
  return [...wanted.values()];
}

/**
 * Writes the demo store covering the two years that end on `end` (yesterday, when the server
 * generates it). The caller gives a fresh, empty database.
 */
export async function generateDemo(
  connection: DuckDBConnection,
  end: Day,
  /** Fewer days for the Google stand-in's younger properties; a day's figures do not depend on it. */
  days: number = DEMO.days,
): Promise<void> {
  const start = addDays(end, -(days - 1));
  const params = {
    start,
    end,
    ga_property: DEMO.ga.property,
    gsc_property: DEMO.gsc.property,
    gads_property: DEMO.gads.property,
  };
  await connection.run('begin transaction');
  await connection.run(STORE_TABLES);
  await connection.run(NOISE_MACRO);
  for (const statement of [
    dimensionTables(),
    ADS_TABLE,
    ADS_SEGMENTS,
    GADS_ROWS,
    GA_SOURCES,
    GA_ROWS,
    GSC_ROWS,
  ]) {
    await runWith(connection, statement, params);
  }
  await connection.run(
    `create temp table demo_ranges as select * from (values ${rangesHeld(end, start)
      .map((r) => `(date '${r.start}', date '${r.end}')`)
      .join(', ')}) t(start_date, end_date)`,
  );
  await runWith(connection, RANGE_TOTALS, params);
  const properties = [
    ['ga', DEMO.ga.property, DEMO.ga.name],
    ['gsc', DEMO.gsc.property, DEMO.gsc.name],
    ['gads', DEMO.gads.property, DEMO.gads.name],
  ] as const;
  for (const [source, property, name] of properties) {
    await runWith(
      connection,
      `insert into _properties values ($source, $property, $name, '${DEMO.currency}', '${DEMO.timeZone}');
       insert into _freshness values ($source, $property, now()::timestamp, $end::date);`,
      { source, property, name, end },
    );
  }
  await connection.run(`create table _demo as select ${DEMO.version} as version`);
  await connection.run('commit');
}

/**
 * Runs each statement of `sql` with the named parameters it uses. DuckDB prepares one statement
 * at a time, so the text is split at statement ends (the demo's SQL has no semicolons in literals).
 */
async function runWith(
  connection: DuckDBConnection,
  sql: string,
  params: Record<string, string>,
): Promise<void> {
  for (const statement of sql
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const names = [...new Set([...statement.matchAll(/\$([a-z_]+)/g)].map((match) => match[1] ?? ''))];
    const values = Object.fromEntries(names.map((name) => [name, params[name] ?? '']));
    await connection.run(statement, values);
  }
}
