import { type ThemeConfig, theme } from 'antd';
import type { ThemeMode } from './theme-mode';

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
  // antd's secondary and tertiary text (45% black) reads at 3.4:1 on white, under WCAG AA's 4.5:1
  // for small text; 62% black reads at 5.4:1 on cards and 5:1 on the page background.
  colorTextDescription: 'rgba(0, 0, 0, 0.62)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
};

/**
 * A tag writes its text in its colour on that colour's pale tint: status tags (success, warning,
 * error) in the status colour, preset tags (green, gold, ...) in the 7th shade. In light, antd's
 * values read under WCAG AA's 4.5:1 there; the tags take darker steps of the same hues (set on
 * the component: antd derives the global palettes from their seeds after any override).
 */
const LIGHT_COMPONENTS: ThemeConfig['components'] = {
  Tag: {
    colorSuccess: '#237804',
    colorWarning: '#874d00',
    colorError: '#a8071a',
    green7: '#237804',
    gold7: '#874d00',
    orange7: '#873800',
    cyan7: '#00474f',
    lime7: '#3f6600',
    yellow7: '#614700',
    volcano7: '#ad2102',
  },
};

// The page background is left to the dark algorithm (near-black) so cards stand out from it as
// they do in light.
const DARK_TOKENS: ThemeConfig['token'] = {
  ...SHARED_TOKENS,
  // The dark algorithm dims these seeds. The light theme's blue would end up at 2.7:1 on dark
  // cards; one step lighter keeps white button text at AA and the colour itself distinct from the
  // card, and links get a paler step of the same hue so small text reads at AA as well.
  colorPrimary: '#5c7cfa',
  // Info (processing tags, info alerts) takes the paler step too: its text sits on dark tints.
  colorInfo: '#8da2fb',
  colorLink: '#8da2fb',
  // As in light: 45% white is under AA on dark cards; 65% reads at 6:1 or more.
  colorTextDescription: 'rgba(255, 255, 255, 0.65)',
  colorTextTertiary: 'rgba(255, 255, 255, 0.65)',
};

/** The selected menu item's text sits on a primary tint: in dark it takes the link's paler step. */
const DARK_COMPONENTS: ThemeConfig['components'] = {
  Menu: {
    itemSelectedColor: '#8da2fb',
    horizontalItemSelectedColor: '#8da2fb',
    subMenuItemSelectedColor: '#8da2fb',
  },
  Breadcrumb: { lastItemColor: 'rgba(255, 255, 255, 0.88)', itemColor: 'rgba(255, 255, 255, 0.65)' },
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
      ...base.components,
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
export const lightTheme: ThemeConfig = withLayout({ token: LIGHT_TOKENS, components: LIGHT_COMPONENTS });

export const darkTheme: ThemeConfig = withLayout({
  algorithm: theme.darkAlgorithm,
  token: DARK_TOKENS,
  components: DARK_COMPONENTS,
});

/** Kept for code that only knows the light look. */
export const appTheme = lightTheme;

export function themeFor(mode: ThemeMode): ThemeConfig {
  return mode === 'dark' ? darkTheme : lightTheme;
}
