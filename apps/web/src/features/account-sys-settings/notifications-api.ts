import {
  type EmailLevels,
  getNotificationSettings,
  putNotificationSettings,
} from '@app/contract/account/sys-settings/notifications';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';

export const notificationSettingsQuery = queryOptions({
  queryKey: ['account', 'sys-settings', 'notifications'],
  queryFn: ({ signal }) => callApi(getNotificationSettings, { signal }),
});

/** Sends only the level that changed; the server keeps the others as they are. */
export function saveEmailLevel(change: Partial<EmailLevels>) {
  return callApi(putNotificationSettings, { body: { email: change } });
}
