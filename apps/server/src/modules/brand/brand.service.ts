import {
  BRAND_LIMITS,
  type BrandInput,
  type BrandProfile,
  LOGO_FIELD,
} from '@app/contract/account/brand/brand';
import { publicFileUrl } from '@app/contract/files/get-file';
import type { FastifyRequest } from 'fastify';
import type { SignedInContext } from '../../platform/endpoint';
import { toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import { deleteFileRows, removeBytes, storeFile } from '../files/files.service';
import { readImageUpload } from '../files/image-upload';
import { assertTeamCan, teamCan } from '../teams/team-policy';
import { currentTeam, lockTeam } from '../teams/teams.service';
import { findBrand, saveBrand, saveLogo } from './brand.repo';

// What other modules may use of this module's queries (they never import its repositories).
export { findBrand } from './brand.repo';

/** The current team's profile; every member reads it, the owner and admins write it. */
export async function getBrand(platform: Platform, ctx: SignedInContext): Promise<{ brand: BrandProfile }> {
  const team = currentTeam(ctx);
  assertTeamCan(team.role, 'brand.view');
  const row = await findBrand(platform.db, team.id);
  return {
    brand: {
      team_id: team.id,
      brand_name: row?.brandName ?? '',
      website: row?.website ?? '',
      description: row?.description ?? '',
      tone_of_voice: row?.toneOfVoice ?? '',
      keywords: row?.keywords ?? [],
      competitors: row?.competitors ?? [],
      logo: row?.logoFileId ? { id: row.logoFileId, url: publicFileUrl(row.logoFileId) } : null,
      updated_at: row ? toSeconds(row.updatedAt) : null,
      can_edit: teamCan(team.role, 'brand.edit'),
    },
  };
}

export async function putBrand(platform: Platform, ctx: SignedInContext, input: BrandInput) {
  const team = currentTeam(ctx);
  assertTeamCan(team.role, 'brand.edit');
  await saveBrand(platform.db, team.id, input, ctx.user.id);
  return getBrand(platform, ctx);
}

/**
 * A new logo: checked by content, stored as a public `brand_logo` file of the team, the profile
 * pointed at it and the previous logo removed (files module: rows in one transaction, bytes after).
 * The team row is the lock, as the profile row may not exist yet and two uploads must not both win.
 */
export async function uploadLogo(platform: Platform, ctx: SignedInContext, request: FastifyRequest) {
  const team = currentTeam(ctx);
  const user = ctx.user;
  // Refused before the upload is read: a member's bytes are never stored.
  assertTeamCan(team.role, 'brand.edit');
  const upload = await readImageUpload(request, { field: LOGO_FIELD, maxBytes: BRAND_LIMITS.logo });
  await storeFile(
    platform,
    upload,
    { kind: 'brand_logo', ownerId: user.id, teamId: team.id, public: true },
    async (tx, file) => {
      await lockTeam(tx, team.id);
      const before = await findBrand(tx, team.id);
      await saveLogo(tx, team.id, file.id, user.id);
      return before?.logoFileId ? [before.logoFileId] : [];
    },
  );
  return getBrand(platform, ctx);
}

export async function deleteLogo(platform: Platform, ctx: SignedInContext) {
  const team = currentTeam(ctx);
  assertTeamCan(team.role, 'brand.edit');
  const keys = await platform.db.transaction(async (tx) => {
    await lockTeam(tx, team.id);
    const before = await findBrand(tx, team.id);
    if (!before?.logoFileId) return [];
    await saveLogo(tx, team.id, null, ctx.user.id);
    return deleteFileRows(tx, [before.logoFileId]);
  });
  await removeBytes(platform, keys);
  return getBrand(platform, ctx);
}
