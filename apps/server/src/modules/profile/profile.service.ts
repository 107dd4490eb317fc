import { AVATAR_FIELD, AVATAR_MAX_BYTES } from '@app/contract/account/profile/avatar';
import type { Profile } from '@app/contract/account/profile/profile';
import { shownEmail } from '@app/contract/user/mask-email';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/app-error';
import type { SignedInContext } from '../../platform/endpoint';
import { toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import { deleteFileRows, lockOwnedFiles, removeBytes, storeFile } from '../files/files.service';
import { readImageUpload } from '../files/image-upload';
import { mainBoundAccount, mainBoundKey } from '../social/main-bound-account';
import { findProfile, lockUserRow, type ProfileRow, setUserImage, updateUsername } from './profile.repo';

const AVATAR = 'avatar';

/** The same address and main bound account as basic infos show. */
async function toProfile(platform: Platform, row: ProfileRow): Promise<Profile> {
  return {
    id: row.id,
    username: row.name,
    email: shownEmail(row.email),
    email_verified: row.emailVerified,
    main_bound_account: await mainBoundAccount(platform.db, row, mainBoundKey(platform.config)),
    avatar_url: row.image,
    created_at: toSeconds(row.createdAt),
  };
}

export async function getProfile(platform: Platform, ctx: SignedInContext): Promise<Profile> {
  const row = await findProfile(platform.db, ctx.user.id);
  if (!row) throw new AppError('BEARER_TOKEN_ERROR');
  return toProfile(platform, row);
}

export async function renameUser(
  platform: Platform,
  ctx: SignedInContext,
  username: string,
): Promise<Profile> {
  const row = await updateUsername(platform.db, ctx.user.id, username);
  if (!row) throw new AppError('BEARER_TOKEN_ERROR');
  return toProfile(platform, row);
}

/**
 * A new avatar: checked by content, stored as a public file, `users.image` pointed at it, and
 * the previous avatar removed. The user row is locked first so two uploads at once cannot both
 * keep their file.
 */
export async function uploadAvatar(platform: Platform, ctx: SignedInContext, request: FastifyRequest) {
  const user = ctx.user;
  const upload = await readImageUpload(request, { field: AVATAR_FIELD, maxBytes: AVATAR_MAX_BYTES });
  const stored = await storeFile(
    platform,
    upload,
    { kind: AVATAR, ownerId: user.id, teamId: null, public: true },
    async (tx, file) => {
      if (!(await lockUserRow(tx, user.id))) throw new AppError('BEARER_TOKEN_ERROR');
      const previous = await lockOwnedFiles(tx, user.id, AVATAR);
      await setUserImage(tx, user.id, file.url);
      return previous.map((old) => old.id);
    },
  );
  return { avatar_url: stored.url };
}

export async function removeAvatar(platform: Platform, ctx: SignedInContext) {
  const user = ctx.user;
  const keys = await platform.db.transaction(async (tx) => {
    if (!(await lockUserRow(tx, user.id))) throw new AppError('BEARER_TOKEN_ERROR');
    const previous = await lockOwnedFiles(tx, user.id, AVATAR);
    await setUserImage(tx, user.id, null);
    return deleteFileRows(
      tx,
      previous.map((old) => old.id),
    );
  });
  await removeBytes(platform, keys);
  return { avatar_url: null };
}
