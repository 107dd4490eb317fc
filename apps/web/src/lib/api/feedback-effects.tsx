import { type App, ConfigProvider, Modal, message as staticMessage } from 'antd';
import type { MouseEvent } from 'react';
import { clearToken } from '../cookies';
import { translate as t } from '../i18n/translate';
import { formatCount } from '../numbers';
import { lightTheme } from '../theme';
import type { Feedback } from './feedback';
import { navigateTo } from './feedback-navigate';

export { type Navigate, registerFeedbackNavigate } from './feedback-navigate';

type AppHandles = ReturnType<typeof App.useApp>;
export type FeedbackHandles = Pick<AppHandles, 'message' | 'modal'>;

/** Spec section 9: flash notices last 1.5 s. */
export const FLASH_SECONDS = 1.5;

export const TOP_UP_PATH = '/account/subscription';
export const PLANS_PATH = '/usm/plan';

let handles: FeedbackHandles | null = null;

// Pages without antd's <App> (the sign-in pages load this module only to show a dialog) use the
// static message and modal: they take the product's theme here rather than antd's default blue.
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider theme={lightTheme} button={{ autoInsertSpace: false }}>
      {children}
    </ConfigProvider>
  ),
});
// Many calls failing together must not stack identical dialogs.
const openDialogs = new Set<'insufficient_credits' | 'server_error'>();

/**
 * antd's message and modal need the `<App>` context for theme and locale; `<FeedbackBridge/>`
 * hands them over. Returns the unregister function for effect clean-up.
 */
export function registerFeedbackHandles(next: FeedbackHandles): () => void {
  handles = next;
  return () => {
    if (handles !== next) return;
    handles = null;
    // The <App> that held the dialogs is gone, and its dialogs with it (their afterClose never
    // runs): without this a later server error would never show its dialog again.
    openDialogs.clear();
  };
}

export function applyFeedback(feedback: Feedback): void {
  // Before the bridge mounts (or in a test without <App>) antd's static API still shows something.
  const message = handles?.message ?? staticMessage;
  const modal = handles?.modal ?? Modal;

  switch (feedback.kind) {
    case 'none':
      return;
    case 'flash':
      void message.success(feedback.text, FLASH_SECONDS);
      return;
    case 'warning':
      void message.warning(feedback.text);
      return;
    case 'sign_in':
      clearToken();
      navigateTo(feedback.to);
      return;
    case 'server_error': {
      if (openDialogs.has('server_error')) return;
      openDialogs.add('server_error');
      modal.error({
        title: t('Sorry! Something went wrong...'),
        content: (
          <div>
            <p>{feedback.text}</p>
            {feedback.reqId ? (
              <p>
                {t('Request ID')}: <code>{feedback.reqId}</code>
              </p>
            ) : null}
          </div>
        ),
        okText: t('Close'),
        afterClose: () => openDialogs.delete('server_error'),
      });
      return;
    }
    case 'insufficient_credits': {
      if (openDialogs.has('insufficient_credits')) return;
      openDialogs.add('insufficient_credits');
      const dialog = modal.warning({
        title: t('Insufficient credits'),
        content: (
          <div>
            <p>{t('Your credit balance is too low. Top up or subscribe to a plan to continue.')}</p>
            {feedback.limit ? (
              <p>
                {t('This needs {{count}} credits; {{balance}} are free to use.', {
                  count: feedback.limit.required,
                  balance: formatCount(feedback.limit.balance),
                  defaultValue_one: 'This needs {{count}} credit; {{balance}} are free to use.',
                })}
              </p>
            ) : null}
            <p>
              <DialogLink to={TOP_UP_PATH} onGo={() => dialog.destroy()}>
                {t('Top up')}
              </DialogLink>
              {' · '}
              <DialogLink to={PLANS_PATH} onGo={() => dialog.destroy()}>
                {t('Subscribe to a plan')}
              </DialogLink>
            </p>
          </div>
        ),
        okText: t('Close'),
        afterClose: () => openDialogs.delete('insufficient_credits'),
      });
      return;
    }
  }
}

/** A real link (middle-click and copy work) that navigates in-app on a plain click. */
function DialogLink({ to, onGo, children }: { to: string; onGo: () => void; children: string }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onGo();
    navigateTo(to);
  };
  return (
    <a href={to} onClick={onClick}>
      {children}
    </a>
  );
}
