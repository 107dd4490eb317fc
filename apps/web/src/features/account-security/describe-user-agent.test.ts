import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './describe-user-agent';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const EDGE_WINDOWS = `${CHROME_WINDOWS} Edg/124.0.0.0`;
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0';
const WECHAT_ANDROID =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.47';
const SAFARI_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';

describe('describeUserAgent', () => {
  it.each([
    [CHROME_WINDOWS, 'Chrome', 'Windows', false],
    // Edge and WeChat also say Chrome and Safari: the more specific name wins.
    [EDGE_WINDOWS, 'Edge', 'Windows', false],
    [WECHAT_ANDROID, 'WeChat', 'Android', true],
    // An iPhone says "like Mac OS X": it is iOS, not macOS.
    [SAFARI_IPHONE, 'Safari', 'iOS', true],
    [SAFARI_MAC, 'Safari', 'macOS', false],
    [FIREFOX_LINUX, 'Firefox', 'Linux', false],
  ])('%s', (ua, browser, os, mobile) => {
    expect(describeUserAgent(ua)).toEqual({ browser, os, mobile });
  });

  it('knows nothing about a missing or unfamiliar agent', () => {
    expect(describeUserAgent(null)).toEqual({ browser: null, os: null, mobile: false });
    expect(describeUserAgent('curl/8.5.0')).toEqual({ browser: null, os: null, mobile: false });
  });
});
