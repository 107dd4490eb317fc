import type { ThemeConfig } from 'antd';

/** One place for the product's look; pages use antd tokens (or their CSS variables), not raw colours. */
export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: '#3b5bdb',
    colorInfo: '#3b5bdb',
    borderRadius: 8,
    colorBgLayout: '#f5f6fa',
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', headerHeight: 56, headerPadding: '0 20px', bodyBg: '#f5f6fa' },
  },
};
