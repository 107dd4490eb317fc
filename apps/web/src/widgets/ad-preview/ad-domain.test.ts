import { describe, expect, it } from 'vitest';
import { adDomain } from './ad-domain';

describe('adDomain', () => {
  it('shows the host alone, as Google does above the headline', () => {
    expect(adDomain('https://www.example.com/shoes?utm=1')).toBe('www.example.com');
    expect(adDomain('example.com/')).toBe('example.com');
    expect(adDomain('  http://shop.example.fr:8080 ')).toBe('shop.example.fr');
  });

  it('shows a half-typed address up to its first slash, and nothing for none', () => {
    expect(adDomain('https://exa mple')).toBe('exa mple');
    expect(adDomain('')).toBe('');
  });
});
