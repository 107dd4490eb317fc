import type { zMessageLevel } from '@app/contract/user/get-basic-infos';
import type { z } from 'zod';

type Translate = (msgid: string) => string;
export type MessageLevel = z.infer<typeof zMessageLevel>;

export const MESSAGE_LEVELS: readonly MessageLevel[] = ['important', 'warning', 'special', 'other'];

/** The four levels as select or filter choices, most urgent first. */
export function levelChoices(t: Translate): { value: MessageLevel; label: string }[] {
  const labels: Record<MessageLevel, string> = {
    important: t('Important'),
    warning: t('Warning'),
    special: t('Special'),
    other: t('Other'),
  };
  return MESSAGE_LEVELS.map((level) => ({ value: level, label: labels[level] }));
}
