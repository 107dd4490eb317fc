import { ReloadOutlined, WechatOutlined } from '@ant-design/icons';
import { getWechatOpenWebConnectCreate } from '@app/contract/social/wechat';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../lib/api/client';
import { leaveForProvider } from './browser';
import { socialKey } from './social-api';
import { wechatQrPageUrl } from './wechat-qr-url';

interface WechatQrPanelProps {
  purpose: 'login' | 'bind';
  /** Where to go after signing in (kept with the server-side state). */
  next?: string | null;
}

/** A state lives 10 minutes on the server; the code is renewed a minute before, while shown. */
const RENEW_MS = 9 * 60_000;

/**
 * WeChat's own QR page in a frame: the visitor scans it with the WeChat app, confirms on the
 * phone, and WeChat sends this window to `/wechat-bind-callback`. A link opens the same page
 * in full, for browsers (or policies) that block the frame.
 */
export function WechatQrPanel({ purpose, next = null }: WechatQrPanelProps) {
  const { t } = useTranslation();
  const params = useQuery({
    queryKey: [...socialKey, 'wechat-qr', purpose, next],
    queryFn: ({ signal }) =>
      callApi(getWechatOpenWebConnectCreate, {
        query: { type: purpose, ...(next ? { next } : {}) },
        signal,
        silent: true,
      }),
    // Each code is single use and tied to this visit: never reuse one from another opening.
    gcTime: 0,
    staleTime: RENEW_MS,
    refetchInterval: RENEW_MS,
    refetchOnWindowFocus: false,
    retry: false,
  });

  if (params.isPending) {
    return (
      <Flex justify="center" align="center" style={{ minHeight: 320 }}>
        <Spin tip={t('Loading the WeChat QR code…')}>
          <div style={{ width: 48, height: 48 }} />
        </Spin>
      </Flex>
    );
  }

  if (params.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('The WeChat QR code could not be loaded')}
        description={params.error.message}
        action={
          <Button size="small" onClick={() => params.refetch()}>
            {t('Retry')}
          </Button>
        }
      />
    );
  }

  return (
    <Flex vertical align="center" gap={12}>
      <iframe
        title={t('WeChat QR code')}
        src={wechatQrPageUrl(params.data, true)}
        // WeChat's page needs its scripts, and must send the top window back to us.
        sandbox="allow-scripts allow-same-origin allow-top-navigation"
        style={{ width: '100%', maxWidth: 300, height: 400, border: 0 }}
      />
      <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
        {purpose === 'bind'
          ? t('Scan with WeChat and confirm on your phone to link your WeChat account.')
          : t('Scan with WeChat and confirm on your phone to sign in.')}
      </Typography.Text>
      <Flex gap={8} wrap justify="center">
        <Button
          icon={<ReloadOutlined aria-hidden />}
          loading={params.isFetching}
          onClick={() => params.refetch()}
        >
          {t('New QR code')}
        </Button>
        <Button
          icon={<WechatOutlined aria-hidden />}
          onClick={() => leaveForProvider(wechatQrPageUrl(params.data, false))}
        >
          {t('Open the QR code page')}
        </Button>
      </Flex>
    </Flex>
  );
}
