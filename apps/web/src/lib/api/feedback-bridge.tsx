import { App } from 'antd';
import { useEffect } from 'react';
import { type Navigate, registerFeedbackHandles, registerFeedbackNavigate } from './feedback-effects';

/**
 * Mount once inside antd `<App>`: gives the API feedback the context-aware message and modal.
 * Pass `navigate` when the bridge sits inside the router; main.tsx registers the router's own
 * navigate otherwise.
 */
export function FeedbackBridge({ navigate }: { navigate?: Navigate }): null {
  const { message, modal } = App.useApp();

  useEffect(() => registerFeedbackHandles({ message, modal }), [message, modal]);
  useEffect(() => (navigate ? registerFeedbackNavigate(navigate) : undefined), [navigate]);

  return null;
}
