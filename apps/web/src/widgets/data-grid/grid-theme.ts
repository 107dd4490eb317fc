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

/** The least body height of a grid that grows with its rows: one row's (room for "no rows"). */
export const GRID_MIN_BODY_HEIGHT = 42;

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
    // A grid that grows with its rows keeps at least this much body: room for the "no rows"
    // message, not the 150 px that left a one-row answer in the chat under a tall empty band.
    autoHeightMinBodyHeight: GRID_MIN_BODY_HEIGHT,
  });
}
