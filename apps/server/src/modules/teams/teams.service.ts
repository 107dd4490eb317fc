import { teamMembers, teams } from '../../db/schema';
import type { Db } from '../../platform/db';

/** Every user gets a personal team on sign-up (ARCHITECTURE section 6); it holds their plan and data. */
export async function createPersonalTeam(db: Db, user: { id: string; name: string }): Promise<string> {
  return db.transaction(async (tx) => {
    const [team] = await tx
      .insert(teams)
      .values({ name: `${user.name}'s team`.slice(0, 120), personal: true, ownerId: user.id })
      .returning({ id: teams.id });
    if (!team) throw new Error('personal team was not created');
    await tx.insert(teamMembers).values({ teamId: team.id, userId: user.id, role: 'owner' });
    return team.id;
  });
}
