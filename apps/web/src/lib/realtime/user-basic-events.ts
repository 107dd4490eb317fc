import { type UserBasicEvent, zUserBasicEvent } from '@app/contract/events/subscriber';
import type { BasicInfos } from '@app/contract/user/get-basic-infos';
import type { QueryClient } from '@tanstack/react-query';
import { aiTableKey } from '../ai-tables/ai-table-key';
import { type AiTableAnswer, withRunEvent } from '../ai-tables/table-cache';
import { changeLanguage } from '../i18n/change-language';
import { currentLocale } from '../i18n/locales';
import { basicInfosQueryKey } from '../session/basic-infos';

/** Query key of the pop-up notices; a close on another device refreshes it. */
export const popupNoticesQueryKey = ['notices', 'pop-up'] as const;

/**
 * Applies a `user_basic` message to what this tab shows: the unread messages, the user's
 * settings changed in another tab or device (theme, language, time zone...), a pop-up notice
 * closed elsewhere, an AI column run's progress (its counts and the cells just written, into the
 * cached table: the table page shows them without asking). Unknown or malformed messages change
 * nothing.
 */
export function applyUserBasicEvent(queryClient: QueryClient, payload: unknown): UserBasicEvent | null {
  const parsed = zUserBasicEvent.safeParse(payload);
  if (!parsed.success) return null;
  const event = parsed.data;
  if (event.msgs_unread) {
    const unread = event.msgs_unread;
    queryClient.setQueryData<BasicInfos>(basicInfosQueryKey, (old) =>
      old ? { ...old, msgs_unread: unread } : old,
    );
  }
  const settings = event.user_global_view?.settings;
  if (settings) {
    const { language, ...preferences } = settings;
    queryClient.setQueryData<BasicInfos>(basicInfosQueryKey, (old) =>
      old ? { ...old, locale: language, preferences } : old,
    );
    if (language !== currentLocale()) void changeLanguage(language);
  }
  const run = event.ai_table_run;
  if (run) {
    // A table not in the cache is not on screen: it is read whole when it is opened.
    queryClient.setQueryData<AiTableAnswer>(aiTableKey(run.table_id), (old) =>
      old ? withRunEvent(old, run) : old,
    );
  }
  if (event.pop_up_msg_close) void queryClient.invalidateQueries({ queryKey: popupNoticesQueryKey });
  return event;
}
