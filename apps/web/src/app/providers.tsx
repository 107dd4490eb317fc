import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { FeedbackBridge } from '../lib/api/feedback-bridge';
import { i18n } from '../lib/i18n/i18n';
import { queryClient as sharedQueryClient } from '../lib/query-client';
import { LocalizedConfigProvider } from './localized-config-provider';

/**
 * Everything the antd pages need around them (the lazy provider layer of routes.tsx renders it;
 * component tests wrap in it). The error catalogue's dialogs and toasts come from antd's `<App>`
 * context, so `<FeedbackBridge/>` sits inside it; main.tsx registers the router's navigate.
 */
interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own; the app uses the shared one its router's guards also use. */
  queryClient?: QueryClient;
}

export function AppProviders({ children, queryClient = sharedQueryClient }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <LocalizedConfigProvider>
          <App>
            <FeedbackBridge />
            {children}
          </App>
        </LocalizedConfigProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
