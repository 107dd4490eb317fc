import type { Db } from '../../platform/db';
import type { Platform } from '../../platform/platform';

/**
 * A team's balance is made together with its billing account (the default plan and its first
 * grant), which billing owns. Credits sit below billing (billing grants, takes back and shows
 * credits), so credits may not import billing: billing registers how an account is opened when it
 * registers its routes, and credits open one for a team that has no balance yet.
 */
export type OpenTeamAccount = (db: Db, teamId: string) => Promise<void>;

const openers = new WeakMap<Platform, OpenTeamAccount>();

export function registerTeamAccountOpener(platform: Platform, open: OpenTeamAccount): void {
  openers.set(platform, open);
}

/** Gives the team its billing account if it has none (concurrent first calls make one). */
export async function openTeamAccount(platform: Platform, teamId: string): Promise<void> {
  const open = openers.get(platform);
  if (!open) throw new Error('No team account opener: the billing module registers it at start');
  await open(platform.db, teamId);
}
