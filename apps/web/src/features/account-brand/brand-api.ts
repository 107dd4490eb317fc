import {
  type BrandInput,
  deleteBrandLogo,
  getBrandProfile,
  LOGO_FIELD,
  putBrandProfile,
  uploadBrandLogo,
} from '@app/contract/account/brand/brand';
import { queryOptions } from '@tanstack/react-query';
import { callApi, uploadMultipart } from '../../lib/api/client';

/** Keyed by team: the profile is the current team's, and switching teams must not show the last one's. */
export function brandQuery(teamId: string) {
  return queryOptions({
    queryKey: ['account', 'brand', teamId],
    queryFn: ({ signal }) => callApi(getBrandProfile, { signal }),
  });
}

/**
 * Errors are placed on the form by the caller (`useServerErrors`), hence silent; whatever no field
 * owns goes back to the error catalogue there.
 */
export function saveBrand(input: BrandInput) {
  return callApi(putBrandProfile, { body: input, silent: true });
}

export function uploadLogo(file: File) {
  const form = new FormData();
  form.append(LOGO_FIELD, file);
  return uploadMultipart(uploadBrandLogo, form, { silent: true });
}

export function removeLogo() {
  return callApi(deleteBrandLogo);
}
