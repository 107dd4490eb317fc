import type { Audience } from '@app/contract/messages/send';
import { validationError } from '../../platform/app-error';
import type { Db, Tx } from '../../platform/db';
import { findAudience, type Recipient } from './recipients.repo';

export type { Recipient } from './recipients.repo';
// What other modules may use of this module's queries (they never import its repositories).
export { findRecipients, operatorsWith } from './recipients.repo';

/**
 * The users an audience reaches (banned accounts never receive messages). One query whatever the
 * audience; a team or user list that matches nobody is refused with the field named.
 */
export async function resolveAudience(db: Db | Tx, audience: Audience): Promise<Recipient[]> {
  const found = await findAudience(db, audience);
  if (found.length === 0 && audience.kind === 'team')
    throw validationError({ 'audience.team_id': 'No such team, or it has no members' });
  if (found.length === 0 && audience.kind === 'users')
    throw validationError({ 'audience.user_ids': 'None of these users can receive messages' });
  return found;
}
