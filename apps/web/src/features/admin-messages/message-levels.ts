import type { zMessageLevel } from '@app/contract/user/get-basic-infos';
import type { z } from 'zod';
import { MESSAGE_LEVELS, messageLevelLabel } from '../../lib/labels/message-labels';

type Translate = (msgid: string) => string;
export type MessageLevel = z.infer<typeof zMessageLevel>;

/** The four levels as select or filter choices, most urgent first. */
export function levelChoices(t: Translate): { value: MessageLevel; label: string }[] {
  return MESSAGE_LEVELS.map((level) => ({ value: level, label: messageLevelLabel(level, t) }));
}
