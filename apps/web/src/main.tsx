// First, so the language, API locale and dayjs locale are set before any other module runs.
import './lib/i18n/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { router } from './app/router';
import { registerFeedbackNavigate } from './lib/api/feedback-effects';

// The error catalogue's sign-in redirect and dialog links navigate in-app, without a reload.
registerFeedbackNavigate((to) => {
  void router.navigate(to);
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Rendering replaces #root's children, which removes the CSS start-up bar of index.html.
createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
