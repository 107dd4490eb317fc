import { closePopUpNotice, listPopUpNotices } from '@app/contract/messages/notices';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';
import { popupNoticesQueryKey } from '../../lib/realtime/user-basic-events';

/**
 * Silent: the pop-ups are an extra on whatever page the user is on; failing to fetch them must not
 * put an error in front of that page. The key is the one the user's stream refreshes when a
 * pop-up is closed on another device.
 */
export const popUpNoticesQuery = queryOptions({
  queryKey: popupNoticesQueryKey,
  queryFn: ({ signal }) => callApi(listPopUpNotices, { signal, silent: true }),
});

export function closeNotice(id: string) {
  return callApi(closePopUpNotice, { params: { id } });
}
