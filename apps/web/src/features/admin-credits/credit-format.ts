import { formatCount } from '../../lib/format';

/** Credits are whole numbers, shown in full as every count is (never abbreviated: exact). */
export function formatCredits(value: number): string {
  return formatCount(value);
}

/** A ledger amount with its sign: `+1,000`, `-250`. */
export function signedCredits(value: number): string {
  return value > 0 ? `+${formatCredits(value)}` : formatCredits(value);
}
