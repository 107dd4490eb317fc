import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint';

/** Avatars are small pictures; 2 MB is plenty (uploads in general allow 20 MB, spec section 9). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** The multipart field carrying the picture; errors are reported under this name. */
export const AVATAR_FIELD = 'file';
/** Spec section 5: images accept jpg, jpeg, png, gif, webp. The server decides by content, not by name. */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const;

export const zAvatarResult = z.object({ avatar_url: z.string().nullable() });

/**
 * Multipart upload with one file in the field `file` (send it with `uploadMultipart`). The previous
 * avatar is removed. Errors: VALIDATION_ERROR with `fields.file` 'Uploaded file type is wrong' or
 * 'Uploaded file is larger than allowed'.
 */
export const postProfileAvatar = defineEndpoint({
  method: 'POST',
  path: '/api/account/profile/avatar',
  permission: 'signed_in',
  summary: 'Upload a new avatar (multipart field `file`: jpg, png, gif or webp, at most 2 MB)',
  tags: ['account'],
  response: zAvatarResult,
});

export const deleteProfileAvatar = defineEndpoint({
  method: 'DELETE',
  path: '/api/account/profile/avatar',
  permission: 'signed_in',
  summary: 'Remove the avatar',
  tags: ['account'],
  response: zAvatarResult,
});
