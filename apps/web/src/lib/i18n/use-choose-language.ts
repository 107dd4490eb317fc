import type { putPersonalization } from '@app/contract/account/personalization/personalization';
import type { Locale } from '@app/contract/common';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpointRef, lightCall } from '../api/light-client';
import { getToken } from '../cookies';
import { changeLanguage } from './change-language';
import { fromLanguageTag, initialLocale } from './locales';

// The top bar's call goes through the light client: /chat loads no zod (docs/performance.md).
const personalizationEndpoint = endpointRef<typeof putPersonalization>('PUT', '/api/account/personalization');

/**
 * Switching the UI language from the top bar or the mobile settings. A signed-in user's choice is
 * saved to the account as well, so personalization, their other devices (user_basic) and their
 * e-mails follow it; a failed save does not undo the switch in this tab.
 */
export function useChooseLanguage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Locale | null>(null);
  const current = fromLanguageTag(i18n.language) ?? initialLocale();

  const choose = async (loc: Locale): Promise<boolean> => {
    if (loc === current) return true;
    setPending(loc);
    try {
      await changeLanguage(loc);
    } catch {
      void message.error(t('The language could not be changed. Try again.'));
      return false;
    } finally {
      setPending(null);
    }
    if (getToken()) {
      await lightCall(personalizationEndpoint, { body: { language: loc }, silent: true }).catch(
        () => undefined,
      );
    }
    // Server-made text follows Accept-Language: basic infos (message titles, language names), and
    // every other answer a page shows (function names, labels, column headings). All are
    // refetched in the new language; inactive ones when next shown.
    void queryClient.invalidateQueries();
    return true;
  };

  return { current, pending, choose };
}
