import type { GoogleSource } from '@app/contract/analytics/query';

/**
 * The words the offline analyst knows, in English and Chinese, for the catalogue's sources,
 * metrics, dimensions and the values people name without saying the dimension ("mobile only",
 * 仅移动端). Each phrase maps to a catalogue key; a metric or a dimension may exist in several
 * sources (clicks are in Search Console and in Ads), and the question's other words choose one.
 * English phrases are matched as whole words, without regard to case; Chinese ones as written.
 */

export interface Term {
  phrases: string[];
  key: string;
  /** The sources that have it. */
  sources: GoogleSource[];
}

export const SOURCE_TERMS: { source: GoogleSource; phrases: string[] }[] = [
  {
    source: 'ga',
    phrases: ['ga4', 'google analytics 4', 'google analytics', 'analytics', 'ga', '谷歌分析', '网站分析'],
  },
  {
    source: 'gsc',
    phrases: [
      'search console',
      'google search console',
      'gsc',
      'organic search results',
      'seo',
      '搜索控制台',
      'search console 的',
      '谷歌搜索控制台',
      '站长工具',
    ],
  },
  {
    source: 'gads',
    phrases: ['google ads', 'adwords', 'ads', 'paid ads', 'ad spend', '谷歌广告', '广告投放', '广告'],
  },
];

const GA: GoogleSource[] = ['ga'];
const GSC: GoogleSource[] = ['gsc'];
const ADS: GoogleSource[] = ['gads'];

/** Longer phrases first where one contains another is handled by the matcher, not by this order. */
export const METRIC_TERMS: Term[] = [
  {
    key: 'sessions',
    sources: GA,
    phrases: ['sessions', 'session', 'visits', 'traffic', '会话数', '会话', '访问量', '访问次数', '流量'],
  },
  {
    key: 'users',
    sources: GA,
    phrases: [
      'distinct users',
      'unique users',
      'active users',
      'total users',
      'users',
      'visitors',
      '独立用户数',
      '独立用户',
      '活跃用户',
      '用户数',
      '用户',
      '访客数',
      '访客',
    ],
  },
  { key: 'new_users', sources: GA, phrases: ['new users', 'new visitors', '新用户数', '新用户', '新访客'] },
  { key: 'engaged_sessions', sources: GA, phrases: ['engaged sessions', '互动会话数', '互动会话'] },
  { key: 'engagement_rate', sources: GA, phrases: ['engagement rate', '互动率', '参与率'] },
  { key: 'bounce_rate', sources: GA, phrases: ['bounce rate', '跳出率'] },
  {
    key: 'average_session_duration',
    sources: GA,
    phrases: [
      'average session duration',
      'avg session duration',
      'session duration',
      'time on site',
      '平均会话时长',
      '会话时长',
      '停留时长',
      '停留时间',
    ],
  },
  {
    key: 'conversion_rate',
    sources: ['ga', 'gads'],
    phrases: ['conversion rate', 'conv rate', 'cvr', '转化率'],
  },
  {
    key: 'conversions',
    sources: ['ga', 'gads'],
    phrases: ['conversions', 'conversion', 'conv', '转化数', '转化次数', '转化量', '转化'],
  },
  {
    key: 'revenue_per_session',
    sources: GA,
    phrases: ['revenue per session', '每次会话收入', '单次会话收入'],
  },
  { key: 'revenue', sources: GA, phrases: ['revenue', 'sales', 'income', '收入', '营收', '销售额'] },
  {
    key: 'ctr',
    sources: ['gsc', 'gads'],
    phrases: ['click-through rate', 'click through rate', 'ctr', '点击率'],
  },
  {
    key: 'clicks',
    sources: ['gsc', 'gads'],
    phrases: ['clicks', 'click', '点击量', '点击次数', '点击数', '点击'],
  },
  {
    key: 'impressions',
    sources: ['gsc', 'gads'],
    phrases: ['impressions', 'impression', '展示次数', '展示量', '展现量', '曝光量', '展示', '展现', '曝光'],
  },
  {
    key: 'position',
    sources: GSC,
    phrases: [
      'average position',
      'avg position',
      'position',
      'ranking',
      'rank',
      '平均排名',
      '平均位置',
      '排名',
    ],
  },
  {
    key: 'cost_per_conversion',
    sources: ADS,
    phrases: ['cost per conversion', 'cost/conv', 'cpa', '每次转化费用', '转化成本', '单次转化成本'],
  },
  {
    key: 'cpc',
    sources: ADS,
    phrases: ['cost per click', 'average cpc', 'avg cpc', 'cpc', '每次点击费用', '平均点击费用', '点击成本'],
  },
  {
    key: 'conversion_value',
    sources: ADS,
    phrases: ['conversion value', 'conv value', '转化价值'],
  },
  {
    key: 'roas',
    sources: ADS,
    phrases: ['roas', 'return on ad spend', '广告支出回报率', '投资回报率', '投入产出比'],
  },
  {
    key: 'cost',
    sources: ADS,
    phrases: ['cost', 'spend', 'spent', 'ad spend', '花费', '费用', '成本', '消耗', '支出'],
  },
];

/** Time grains and text dimensions. */
export const DIMENSION_TERMS: Term[] = [
  {
    key: 'date',
    sources: ['ga', 'gsc', 'gads'],
    phrases: [
      'daily',
      'by day',
      'per day',
      'each day',
      'day by day',
      'trend',
      '每天',
      '每日',
      '按天',
      '按日',
      '逐日',
      '趋势',
      '走势',
    ],
  },
  {
    key: 'week',
    sources: ['ga', 'gsc', 'gads'],
    phrases: ['weekly', 'by week', 'per week', 'each week', '每周', '按周', '逐周'],
  },
  {
    key: 'month',
    sources: ['ga', 'gsc', 'gads'],
    phrases: ['monthly', 'by month', 'per month', 'each month', '每月', '按月', '逐月', '每个月'],
  },
  {
    key: 'source_medium',
    sources: GA,
    phrases: ['source / medium', 'source/medium', 'source medium', '来源/媒介', '来源媒介'],
  },
  {
    key: 'channel',
    sources: GA,
    phrases: [
      'channel group',
      'channels',
      'channel',
      'traffic sources',
      'traffic source',
      '渠道分组',
      '渠道',
      '流量来源',
      '来源渠道',
    ],
  },
  { key: 'medium', sources: GA, phrases: ['mediums', 'medium', '媒介'] },
  { key: 'source', sources: GA, phrases: ['session source', 'sources', '会话来源', '来源'] },
  {
    key: 'landing_page',
    sources: GA,
    phrases: ['landing pages', 'landing page', '着陆页', '落地页', '登录页'],
  },
  {
    key: 'country',
    sources: ['ga', 'gsc'],
    phrases: ['countries', 'country', 'regions', 'markets', '国家/地区', '国家', '地区', '市场'],
  },
  {
    key: 'device',
    sources: ['ga', 'gsc', 'gads'],
    phrases: ['device category', 'devices', 'device', '设备类型', '设备', '终端'],
  },
  {
    key: 'query',
    sources: GSC,
    phrases: ['search queries', 'search terms', 'queries', 'query', '搜索词', '查询词', '搜索查询', '查询'],
  },
  { key: 'page', sources: GSC, phrases: ['pages', 'page', 'urls', 'url', '页面', '网页'] },
  { key: 'ad_group', sources: ADS, phrases: ['ad groups', 'ad group', 'adgroups', '广告组'] },
  { key: 'keyword', sources: ADS, phrases: ['keywords', 'keyword', '关键词', '关键字'] },
  { key: 'network', sources: ADS, phrases: ['networks', 'network', '广告网络', '网络'] },
  {
    key: 'campaign',
    sources: ['ga', 'gads'],
    phrases: ['campaigns', 'campaign', '广告系列', '推广计划', '营销活动', '活动', '系列'],
  },
];

/**
 * Values people name without their dimension: the phrase, the dimension and the text the value
 * lookup finds the stored value by (GA4 writes `mobile`, Search Console `MOBILE`).
 */
export const VALUE_TERMS: { phrases: string[]; dimension: string; value: string }[] = [
  {
    dimension: 'device',
    value: 'mobile',
    phrases: ['mobile', 'phones', 'phone', '移动端', '移动设备', '手机端', '手机', '移动'],
  },
  {
    dimension: 'device',
    value: 'desktop',
    phrases: ['desktop', 'computers', 'pc', '桌面端', '桌面', '电脑端', '电脑', 'pc端'],
  },
  { dimension: 'device', value: 'tablet', phrases: ['tablets', 'tablet', '平板电脑', '平板'] },
  { dimension: 'channel', value: 'Organic Search', phrases: ['organic search', '自然搜索'] },
  { dimension: 'channel', value: 'Paid Search', phrases: ['paid search', '付费搜索'] },
  {
    dimension: 'channel',
    value: 'Direct',
    phrases: ['direct traffic', 'direct', '直接访问', '直接流量', '直接'],
  },
  { dimension: 'channel', value: 'Referral', phrases: ['referral', 'referrals', '引荐', '推荐流量'] },
  {
    dimension: 'channel',
    value: 'Organic Social',
    phrases: ['organic social', 'social', '社交媒体', '社交'],
  },
  { dimension: 'channel', value: 'Email', phrases: ['email', 'e-mail', '邮件', '电子邮件'] },
  {
    dimension: 'country',
    value: 'United States',
    phrases: ['united states', 'the us', 'usa', 'u.s.', 'america', '美国'],
  },
  { dimension: 'country', value: 'China', phrases: ['china', '中国'] },
  { dimension: 'country', value: 'United Kingdom', phrases: ['united kingdom', 'the uk', 'britain', '英国'] },
  { dimension: 'country', value: 'Germany', phrases: ['germany', '德国'] },
  { dimension: 'country', value: 'France', phrases: ['france', '法国'] },
  { dimension: 'country', value: 'Canada', phrases: ['canada', '加拿大'] },
  { dimension: 'country', value: 'Japan', phrases: ['japan', '日本'] },
  { dimension: 'country', value: 'Australia', phrases: ['australia', '澳大利亚', '澳洲'] },
  { dimension: 'network', value: 'SEARCH_PARTNERS', phrases: ['search partners', '搜索网络合作伙伴'] },
  { dimension: 'network', value: 'SEARCH', phrases: ['search network', '搜索网络'] },
  // Google Ads calls its Display Network CONTENT.
  {
    dimension: 'network',
    value: 'CONTENT',
    phrases: ['display network', 'display', '展示广告网络', '展示网络'],
  },
];

/** Brand words: "excluding brand" filters the brand's own name out of queries or keywords. */
export const BRAND_PHRASES = ['brand terms', 'branded', 'brand', '品牌词', '品牌关键词', '品牌'];

/** Words that carry no field: skipped when the analyst says what it did not understand. */
export const STOP_WORDS = new Set(
  `a an the of for in on at by per to from and or vs versus compared with what whats what's how
  many much show me give tell list is are was were be been do does did my our we i it its this
  that these those which who whose please can you could would all each every total overall
  breakdown break down split compare comparison change changes changed growth grow grew trend
  over across between than top bottom best worst highest lowest most least only just exclude
  excluding except without not no non same about then also there their them they data report
  numbers number figures figure chart table graph see look looking want need get got have has had
  did period previous preceding prior last this next year years month months week weeks day days
  so far to date ytd mtd qtd today yesterday quarter quarters calendar like up down versus
  的 了 吗 呢 吧 啊 是 在 和 与 及 跟 对 把 被 给 我 我们 你 他 她 它 请 帮 帮我 看 看看 一下 下
  查 查询一下 显示 展示一下 多少 几 哪些 哪个 什么 怎么 如何 怎样 情况 数据 表现 分别 各 各个
  每个 按 分 那 那么 呢 同比 环比 对比 相比 比较 变化 增长 下降 最 最高 最低 最多 最少 前 后 名
  仅 只 只看 不 不含 不包括 排除 除了 非 的话 还有 以及 也 都 总 总共 合计 一共 共 期间 时候`.split(/\s+/),
);
