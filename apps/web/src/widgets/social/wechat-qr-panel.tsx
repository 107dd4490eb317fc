import type { EndpointResponse } from '@app/contract/define-endpoint';
import type { getWechatOpenWebConnectCreate } from '@app/contract/social/wechat';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lightCall } from '../../lib/api/light-client';
import { LightButton } from '../light-ui/button';
import { LightAlert, LightSpinner } from '../light-ui/feedback';
import { LightIcon } from '../light-ui/icon';
import { RELOAD_ICON } from '../light-ui/icons/reload';
import { WECHAT_ICON } from '../light-ui/icons/wechat';
import { leaveForProvider } from './browser';
import { wechatOpenWebConnectCreateEndpoint } from './social-endpoints';
import { wechatQrPageUrl } from './wechat-qr-url';

interface WechatQrPanelProps {
  purpose: 'login' | 'bind';
  /** Where to go after signing in (kept with the server-side state). */
  next?: string | null;
}

type QrParams = EndpointResponse<typeof getWechatOpenWebConnectCreate>;

type QrState =
  | { status: 'pending' }
  | { status: 'error'; message: string }
  | { status: 'ready'; params: QrParams; renewing: boolean };

/** A state lives 10 minutes on the server; the code is renewed a minute before, while shown. */
const RENEW_MS = 9 * 60_000;

/**
 * WeChat's own QR page in a frame: the visitor scans it with the WeChat app, confirms on the
 * phone, and WeChat sends this window to `/wechat-bind-callback`. A link opens the same page
 * in full, for browsers (or policies) that block the frame. Light components only: it shows on
 * the sign-in pages, and in the account page's dialog for linking WeChat.
 */
export function WechatQrPanel({ purpose, next = null }: WechatQrPanelProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<QrState>({ status: 'pending' });
  // Each new round asks for a fresh code (single use, tied to this visit: never reused).
  const [round, setRound] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` is the request to ask again.
  useEffect(() => {
    const controller = new AbortController();
    setState((current) =>
      current.status === 'ready' ? { ...current, renewing: true } : { status: 'pending' },
    );
    lightCall(wechatOpenWebConnectCreateEndpoint, {
      query: { type: purpose, ...(next ? { next } : {}) },
      signal: controller.signal,
      silent: true,
    }).then(
      (params) => setState({ status: 'ready', params, renewing: false }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
    const renew = setTimeout(() => setRound((count) => count + 1), RENEW_MS);
    return () => {
      controller.abort();
      clearTimeout(renew);
    };
  }, [purpose, next, round]);

  const again = () => setRound((count) => count + 1);

  if (state.status === 'pending') {
    return (
      <div style={{ minHeight: 320, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <LightSpinner label={t('Loading the WeChat QR code…')} showLabel />
      </div>
    );
  }

  if (state.status === 'error') {
    return (
      <div>
        <LightAlert
          type="error"
          role="alert"
          title={t('The WeChat QR code could not be loaded')}
          description={state.message}
        />
        <LightButton size="small" onClick={again} style={{ marginTop: 12 }}>
          {t('Retry')}
        </LightButton>
      </div>
    );
  }

  const { params, renewing } = state;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 12 }}>
      <iframe
        title={t('WeChat QR code')}
        src={wechatQrPageUrl(params, true)}
        // WeChat's page needs its scripts, and must send the top window back to us.
        sandbox="allow-scripts allow-same-origin allow-top-navigation"
        style={{ width: '100%', maxWidth: 300, height: 400, border: 0 }}
      />
      <span className="lui-secondary" style={{ textAlign: 'center' }}>
        {purpose === 'bind'
          ? t('Scan with WeChat and confirm on your phone to link your WeChat account.')
          : t('Scan with WeChat and confirm on your phone to sign in.')}
      </span>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', justifyContent: 'center' }}>
        <LightButton size="middle" icon={<LightIcon shape={RELOAD_ICON} />} busy={renewing} onClick={again}>
          {t('New QR code')}
        </LightButton>
        <LightButton
          size="middle"
          icon={<LightIcon shape={WECHAT_ICON} />}
          onClick={() => leaveForProvider(wechatQrPageUrl(params, false))}
        >
          {t('Open the QR code page')}
        </LightButton>
      </div>
    </div>
  );
}
