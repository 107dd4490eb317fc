import { clearToken } from '../cookies';
import type { Feedback } from './feedback';
import { navigateTo } from './feedback-navigate';

/**
 * The error catalogue for pages that do not load antd (the sign-in pages): a redirect to sign in
 * happens at once; a toast or dialog loads the antd feedback first (antd's static message and
 * modal, themed by `feedback-effects`), so a page pays for antd only when it has to show one.
 */
export function showFeedbackLazily(feedback: Feedback): void {
  switch (feedback.kind) {
    case 'none':
      return;
    case 'sign_in':
      clearToken();
      navigateTo(feedback.to);
      return;
    default:
      void import('./feedback-effects').then((effects) => effects.applyFeedback(feedback));
  }
}
