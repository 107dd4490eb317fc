import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { darkTheme, lightTheme, themeFor } from './theme';

/** Relative luminance (WCAG) of a `#rgb` or `#rrggbb` colour: 0 is black, 1 is white. */
function luminance(color: string): number {
  const hex = color.length === 4 ? `#${[...color.slice(1)].map((c) => c + c).join('')}` : color;
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

describe('app themes', () => {
  it('light keeps the product look: white top bar on a pale grey page', () => {
    const tokens = theme.getDesignToken(lightTheme);
    expect(tokens.colorPrimary).toBe('#3b5bdb');
    expect(lightTheme.components?.Layout).toMatchObject({ headerBg: '#ffffff', bodyBg: '#f5f6fa' });
  });

  it('dark uses the dark algorithm, and the top bar and page are dark too, not white or navy', () => {
    const tokens = theme.getDesignToken(darkTheme);
    const layout = darkTheme.components?.Layout ?? {};
    expect(luminance(tokens.colorBgContainer)).toBeLessThan(0.05);
    expect(luminance(String(layout.headerBg))).toBeLessThan(0.05);
    expect(luminance(String(layout.bodyBg))).toBeLessThan(0.05);
    // The top bar matches cards, as in light.
    expect(layout.headerBg).toBe(tokens.colorBgContainer);
    expect(layout.bodyBg).toBe(tokens.colorBgLayout);
  });

  it('dark stays readable: links and button text at WCAG AA, the primary colour distinct from cards', () => {
    const tokens = theme.getDesignToken(darkTheme);
    expect(contrast(tokens.colorLink, tokens.colorBgContainer)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(tokens.colorTextLightSolid, tokens.colorPrimary)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(tokens.colorPrimary, tokens.colorBgContainer)).toBeGreaterThanOrEqual(3);
  });

  it('picks the theme for the preference', () => {
    expect(themeFor('dark')).toBe(darkTheme);
    expect(themeFor('light')).toBe(lightTheme);
  });
});
