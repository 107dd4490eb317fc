import type { KeyedText } from '../../platform/keyed-text';
import type { Platform } from '../../platform/platform';
import { type Delivery, deliver, sendQueued, wantEmail } from './deliver';
import { operatorsWith } from './recipients.repo';

export interface AdminNotice {
  /** Who must hear of it: holders of this permission. */
  permission: string;
  level: Delivery['level'];
  title: KeyedText;
  body: KeyedText;
  link?: string | null;
  /** e-mail log template name, e.g. `payments.mismatch`. */
  template: string;
}

/**
 * Something the system found that an operator must look at (a payment that does not match its
 * bill, a refund the provider refused): in the inbox of every operator who can act on it, and by
 * e-mail where their settings want its level. Kept as msgids and parameters, so each reads it in
 * their own language.
 */
export async function tellAdmins(platform: Platform, notice: AdminNotice): Promise<void> {
  const mailIds = await platform.db.transaction(async (tx) => {
    const operators = await operatorsWith(tx, notice.permission);
    if (operators.length === 0) return [];
    return deliver(platform, tx, notice, {
      inApp: operators,
      email: await wantEmail(tx, operators, notice.level),
    });
  });
  void sendQueued(platform, mailIds).catch(() => undefined);
}
