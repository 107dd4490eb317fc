import { EditingAvatars } from './editing-avatars';
import { type EditingPresenceOptions, useEditingPresence } from './use-editing-presence';

interface EditingPresenceProps extends EditingPresenceOptions {
  /** The admin page's path, e.g. `/admin/user/details`. */
  route: string;
  /** The record edited on it, e.g. the user id. */
  recordKey: string;
}

/** For admin detail and edit pages: registers the user as editing and shows who else is. */
export function EditingPresence({ route, recordKey, heartbeatMs }: EditingPresenceProps) {
  const editors = useEditingPresence(route, recordKey, { heartbeatMs });
  return <EditingAvatars editors={editors} />;
}
