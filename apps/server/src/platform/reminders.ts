import type { KeyedText } from './keyed-text';

export type ReminderLevel = 'important' | 'warning' | 'special' | 'other';

/** One reminder to one user. `key` names what it is about (a subscription and its period, say). */
export interface ReminderNotice {
  userId: string;
  key: string;
  level: ReminderLevel;
  /** A msgid with its parameters, written in each reader's language (`keyed-text.ts`). */
  title: KeyedText;
  body: KeyedText;
  link?: string | null;
}

/**
 * A kind of reminder (billing will add "your plan ends in 7 days", "an invoice is ready"...):
 * `collect` answers who should be reminded of what on `now`'s day. The daily job delivers each
 * (user, key) once per reminder, however often it runs, so `collect` may answer the same notice
 * on several days without it being sent twice.
 */
export interface ReminderDefinition {
  name: string;
  collect: (now: Date) => Promise<ReminderNotice[]>;
}

/** The reminders modules register at start; the messages module's daily job runs them. */
export class Reminders {
  private readonly definitions = new Map<string, ReminderDefinition>();

  register(definition: ReminderDefinition): void {
    if (this.definitions.has(definition.name))
      throw new Error(`Reminder registered twice: ${definition.name}`);
    this.definitions.set(definition.name, definition);
  }

  list(): ReminderDefinition[] {
    return [...this.definitions.values()];
  }
}
