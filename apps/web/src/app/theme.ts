import { type ThemeConfig, theme } from 'antd';
import type { ThemeMode } from '../lib/theme-mode';

/** The user's choice in account personalization. */
export type { ThemeMode };

const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', sans-serif";

const SHARED_TOKENS: ThemeConfig['token'] = { borderRadius: 8, fontFamily: FONT_FAMILY };

const LIGHT_TOKENS: ThemeConfig['token'] = {
  ...SHARED_TOKENS,
  colorPrimary: '#3b5bdb',
  colorInfo: '#3b5bdb',
  colorBgLayout: '#f5f6fa',
};

// The page background is left to the dark algorithm (near-black) so cards stand out from it as
// they do in light.
const DARK_TOKENS: ThemeConfig['token'] = {
  ...SHARED_TOKENS,
  // The dark algorithm dims these seeds. The light theme's blue would end up at 2.7:1 on dark
  // cards; one step lighter keeps white button text at AA and the colour itself distinct from the
  // card, and links get a paler step of the same hue so small text reads at AA as well.
  colorPrimary: '#5c7cfa',
  colorInfo: '#5c7cfa',
  colorLink: '#8da2fb',
};

/**
 * antd's Layout defaults its header to a dark navy whatever the algorithm, so the header and page
 * colours are taken from the computed tokens of the same theme: the top bar then matches cards,
 * and the page matches `colorBgLayout`, in both modes.
 */
function withLayout(base: ThemeConfig): ThemeConfig {
  const tokens = theme.getDesignToken(base);
  return {
    ...base,
    components: {
      Layout: {
        headerBg: tokens.colorBgContainer,
        headerHeight: 56,
        headerPadding: '0 20px',
        bodyBg: tokens.colorBgLayout,
      },
    },
  };
}

/** One place for the product's look; pages use antd tokens (or their CSS variables), not raw colours. */
export const lightTheme: ThemeConfig = withLayout({ token: LIGHT_TOKENS });

export const darkTheme: ThemeConfig = withLayout({ algorithm: theme.darkAlgorithm, token: DARK_TOKENS });

/** Kept for code that only knows the light look. */
export const appTheme = lightTheme;

export function themeFor(mode: ThemeMode): ThemeConfig {
  return mode === 'dark' ? darkTheme : lightTheme;
}
