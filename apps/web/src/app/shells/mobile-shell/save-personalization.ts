import { putPersonalization } from '@app/contract/account/personalization/personalization';
import type { EndpointBody } from '@app/contract/define-endpoint';
import type { BasicInfos } from '@app/contract/user/get-basic-infos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api/client';
import { basicInfosQueryKey } from '../../../lib/session/basic-infos';

export type PersonalizationChange = EndpointBody<typeof putPersonalization>;

/**
 * Saves one personalization change. Every page reads the preferences from basic infos, so the
 * answer is written there at once (no switch flicking back while it refetches) and then
 * refetched for anything else the server derives from them.
 */
export function useSavePersonalization() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();

  return useMutation({
    mutationFn: (change: PersonalizationChange) => callApi(putPersonalization, { body: change }),
    onSuccess: ({ language, ...preferences }) => {
      queryClient.setQueryData<BasicInfos>(basicInfosQueryKey, (infos) =>
        infos ? { ...infos, locale: language, preferences } : infos,
      );
      void queryClient.invalidateQueries({ queryKey: basicInfosQueryKey });
      void message.success(t('Settings saved'));
    },
  });
}
