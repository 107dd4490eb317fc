import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { safeRedirectPath } from '../../lib/safe-redirect-path';
import { LightButton } from '../../widgets/light-ui/button';
import { LightSpinner, TextDivider } from '../../widgets/light-ui/feedback';
import { LightIcon } from '../../widgets/light-ui/icon';
import { GOOGLE_ICON } from '../../widgets/light-ui/icons/google';
import { WECHAT_ICON } from '../../widgets/light-ui/icons/wechat';
import { LightTooltip } from '../../widgets/light-ui/tooltip';
import { isWechatBrowser } from '../../widgets/social/browser';
import { startGoogleSignIn, startWechatInApp } from '../../widgets/social/start-social-flow';
import { useSocialProviders } from '../../widgets/social/use-social-providers';

// The QR code's dialog loads when first opened (most visitors never open it).
const WechatQrDialog = lazy(() => import('./wechat-qr-dialog').then((m) => ({ default: m.WechatQrDialog })));

interface ProviderButtonProps {
  icon: ReactNode;
  label: string;
  /** Why the button cannot be used; null when it can. */
  unavailable: string | null;
  busy: boolean;
  onClick: () => void;
}

function ProviderButton({ icon, label, unavailable, busy, onClick }: ProviderButtonProps) {
  return (
    // A disabled button swallows pointer events, so the tooltip hangs on a wrapper.
    <LightTooltip title={unavailable}>
      {(describedBy) => (
        <LightButton
          block
          icon={icon}
          disabled={unavailable !== null}
          busy={busy}
          onClick={onClick}
          aria-describedby={describedBy}
        >
          {label}
        </LightButton>
      )}
    </LightTooltip>
  );
}

/** A flow that leaves the page: busy from the click until the browser has gone (or it failed). */
function useLeaving(start: () => Promise<void>): { busy: boolean; run: () => void } {
  const [busy, setBusy] = useState(false);
  return {
    busy,
    run: () => {
      setBusy(true);
      start().catch(() => setBusy(false));
    },
  };
}

/**
 * "Continue with Google" and "Continue with WeChat" for /login. WeChat shows its QR code in a
 * dialog on a computer; inside the WeChat browser (where a QR code cannot be scanned) it goes
 * through the official account instead. A provider without credentials on the server is shown
 * disabled, with a tooltip saying so. `next` travels with the server-side state.
 */
export function SocialSignInButtons() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const next = safeRedirectPath(searchParams.get('next'), '') || null;
  const providers = useSocialProviders();
  const [qrOpen, setQrOpen] = useState(false);
  const inWechat = isWechatBrowser();

  const google = useLeaving(() => startGoogleSignIn(next));
  const wechatInApp = useLeaving(() => startWechatInApp('login', next ?? '/chat'));

  const data = providers.status === 'ready' ? providers.data : undefined;
  const unavailable = (configured: boolean | undefined, notConfigured: string): string | null => {
    if (providers.status === 'error')
      return t('Sign-in options could not be loaded. Reload the page to try again.');
    if (configured === false) return notConfigured;
    return null;
  };
  const wechatConfigured = inWechat ? data?.wechat_offi.configured : data?.wechat_open.configured;
  const pending = providers.status === 'pending';

  return (
    <>
      <TextDivider>{t('or')}</TextDivider>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        <ProviderButton
          icon={<LightIcon shape={GOOGLE_ICON} />}
          label={t('Continue with Google')}
          unavailable={unavailable(data?.google.configured, t('Google sign-in is not configured'))}
          // Busy until the page has left for Google.
          busy={pending || google.busy}
          onClick={google.run}
        />
        <ProviderButton
          icon={<LightIcon shape={WECHAT_ICON} />}
          label={t('Continue with WeChat')}
          unavailable={unavailable(wechatConfigured, t('WeChat sign-in is not configured'))}
          busy={pending || wechatInApp.busy}
          onClick={() => (inWechat ? wechatInApp.run() : setQrOpen(true))}
        />
      </div>
      {qrOpen ? (
        <Suspense fallback={<LightSpinner label={t('Loading the WeChat QR code…')} />}>
          <WechatQrDialog next={next} onClose={() => setQrOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
