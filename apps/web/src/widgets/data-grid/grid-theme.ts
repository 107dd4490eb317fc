import { themeQuartz } from 'ag-grid-community';

/** The antd tokens the grid takes its look from (see `theme.useToken()`). */
export interface GridThemeTokens {
  colorPrimary: string;
  colorText: string;
  colorTextHeading: string;
  colorBgContainer: string;
  colorBorderSecondary: string;
  colorFillAlter: string;
  controlItemBgHover: string;
  controlItemBgActive: string;
  fontFamily: string;
  fontSize: number;
  borderRadius: number;
  borderRadiusLG: number;
  /** The app's light or dark theme: scrollbars and inputs inside the grid follow it. */
  colorScheme: 'light' | 'dark';
}

/** Quartz in the app's antd colours, so a grid sits in a page like an antd table would. */
export function gridTheme(tokens: GridThemeTokens) {
  return themeQuartz.withParams({
    accentColor: tokens.colorPrimary,
    foregroundColor: tokens.colorText,
    backgroundColor: tokens.colorBgContainer,
    borderColor: tokens.colorBorderSecondary,
    headerBackgroundColor: tokens.colorFillAlter,
    headerTextColor: tokens.colorTextHeading,
    headerFontWeight: 600,
    rowHoverColor: tokens.controlItemBgHover,
    selectedRowBackgroundColor: tokens.controlItemBgActive,
    fontFamily: tokens.fontFamily,
    fontSize: tokens.fontSize,
    borderRadius: tokens.borderRadius,
    wrapperBorderRadius: tokens.borderRadiusLG,
    browserColorScheme: tokens.colorScheme,
  });
}
