import {
  type BrandInput,
  deleteBrandLogo,
  getBrandProfile,
  LOGO_FIELD,
  putBrandProfile,
  uploadBrandLogo,
  zBrandProfile,
} from '@app/contract/account/brand/brand';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { callApi, uploadMultipart } from '../../lib/api/client';

/** Keyed by team: the profile is the current team's, and switching teams must not show the last one's. */
export function brandQuery(teamId: string) {
  return queryOptions({
    queryKey: ['account', 'brand', teamId],
    queryFn: ({ signal }) => callApi(getBrandProfile, { signal }),
  });
}

/**
 * Errors are placed on the form by the caller (see `applyServerErrors`), hence silent; whatever
 * no field owns goes back to the error catalogue there.
 */
export function saveBrand(input: BrandInput) {
  return callApi(putBrandProfile, { body: input, silent: true });
}

export function uploadLogo(file: File) {
  const form = new FormData();
  form.append(LOGO_FIELD, file);
  return uploadMultipart(uploadBrandLogo.path, form, {
    response: z.object({ brand: zBrandProfile }),
    silent: true,
  });
}

export function removeLogo() {
  return callApi(deleteBrandLogo);
}
