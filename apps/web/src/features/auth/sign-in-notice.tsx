import { useLocation } from 'react-router';
import { LightAlert } from '../../widgets/light-ui/feedback';

/** What a page that sends the user to /login has to tell them there (e.g. a password changed). */
export interface SignInNoticeState {
  signInNotice: string;
}

function noticeOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const notice = (state as Partial<SignInNoticeState>).signInNotice;
  return typeof notice === 'string' && notice ? notice : null;
}

/**
 * A success notice carried in the navigation's state, shown above the sign-in form: a message
 * that stays readable (a toast would fade while the user reads the form) and needs no antd.
 */
export function SignInNotice() {
  const notice = noticeOf(useLocation().state);
  if (!notice) return null;
  return <LightAlert type="success" role="status" title={notice} className="lui-form-error" />;
}
