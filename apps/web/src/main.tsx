// First, so the language and API locale are set before any other module runs.
import './lib/i18n/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { router } from './app/router';
import { registerFeedbackNavigate } from './lib/api/feedback-navigate';
import { i18n } from './lib/i18n/i18n';
import './app/global.css';

// The error catalogue's sign-in redirect and dialog links navigate in-app, without a reload.
registerFeedbackNavigate((to) => {
  void router.navigate(to);
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Only React, the router and i18next here: antd and TanStack Query come with the lazy provider
// layer of the pages that use them (app/routes.tsx), so the sign-in pages stay light.
// Rendering replaces #root's children, which removes the CSS start-up bar of index.html.
createRoot(container).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>
  </StrictMode>,
);
