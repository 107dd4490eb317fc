import type { BrandInput } from '@app/contract/account/brand/brand';
import { eq } from 'drizzle-orm';
import { brandProfiles } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';

type Conn = Db | Tx;

/** Queries only, each scoped by the team id the service passes (the caller's current team). */

export async function findBrand(db: Conn, teamId: string) {
  const [row] = await db.select().from(brandProfiles).where(eq(brandProfiles.teamId, teamId));
  return row ?? null;
}

export async function saveBrand(db: Conn, teamId: string, input: BrandInput, userId: string) {
  const values = {
    brandName: input.brand_name,
    website: input.website,
    description: input.description,
    toneOfVoice: input.tone_of_voice,
    keywords: input.keywords,
    competitors: input.competitors,
    updatedBy: userId,
    updatedAt: new Date(),
  };
  await db
    .insert(brandProfiles)
    .values({ teamId, ...values })
    .onConflictDoUpdate({ target: brandProfiles.teamId, set: values });
}

/** Points the profile at a logo (or none), creating an empty profile when there is none yet. */
export async function saveLogo(tx: Tx, teamId: string, logoFileId: string | null, userId: string) {
  const values = { logoFileId, updatedBy: userId, updatedAt: new Date() };
  await tx
    .insert(brandProfiles)
    .values({ teamId, ...values })
    .onConflictDoUpdate({ target: brandProfiles.teamId, set: values });
}
