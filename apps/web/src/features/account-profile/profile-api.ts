import { AVATAR_FIELD, deleteProfileAvatar, postProfileAvatar } from '@app/contract/account/profile/avatar';
import { getProfile, type Profile, patchProfile } from '@app/contract/account/profile/profile';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, uploadMultipart } from '../../lib/api/client';
import { basicInfosQueryKey } from '../../lib/session/basic-infos';

const profileKey = ['account', 'profile'] as const;

export const profileQuery = queryOptions({
  queryKey: profileKey,
  queryFn: ({ signal }) => callApi(getProfile, { signal }),
});

/**
 * Rename and upload are silent: the page shows their refusals beside the field the server names
 * (a too-long name, a file that is not a picture). Removing the avatar goes through the error
 * catalogue. Every success also refreshes basic infos, whose name and picture the top bar shows.
 */
export function useProfileMutations() {
  const queryClient = useQueryClient();
  const refreshBasicInfos = () => queryClient.invalidateQueries({ queryKey: basicInfosQueryKey });
  const keepAvatar = ({ avatar_url }: { avatar_url: string | null }) => {
    queryClient.setQueryData<Profile>(profileKey, (profile) =>
      profile ? { ...profile, avatar_url } : profile,
    );
    return refreshBasicInfos();
  };

  const rename = useMutation({
    mutationFn: (username: string) => callApi(patchProfile, { body: { username }, silent: true }),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKey, profile);
      return refreshBasicInfos();
    },
  });
  const uploadAvatar = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append(AVATAR_FIELD, file, file.name);
      return uploadMultipart(postProfileAvatar, form, { silent: true });
    },
    onSuccess: keepAvatar,
  });
  const removeAvatar = useMutation({
    mutationFn: () => callApi(deleteProfileAvatar),
    onSuccess: keepAvatar,
  });

  return { rename, uploadAvatar, removeAvatar };
}
