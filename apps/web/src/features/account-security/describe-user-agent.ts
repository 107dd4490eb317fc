/** What a session's user agent says about the device, in the words people use for it. */
export interface DeviceSummary {
  browser: string | null;
  os: string | null;
  mobile: boolean;
}

// Order matters: Edge, Opera, WeChat and Samsung's browser also call themselves Chrome and Safari.
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bMicroMessenger\//, 'WeChat'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\biPhone\b|\biPad\b|\biPod\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

function firstMatch(ua: string, table: [RegExp, string][]): string | null {
  return table.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
}

export function describeUserAgent(ua: string | null): DeviceSummary {
  if (!ua) return { browser: null, os: null, mobile: false };
  return {
    browser: firstMatch(ua, BROWSERS),
    os: firstMatch(ua, SYSTEMS),
    mobile: /\bMobi|\biPhone\b|\biPad\b|\bAndroid\b/.test(ua),
  };
}
