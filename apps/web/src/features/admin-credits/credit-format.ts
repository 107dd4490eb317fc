/** Credits are whole numbers, shown in full with thousands separators (never abbreviated: exact). */
export function formatCredits(value: number): string {
  return value.toLocaleString('en-US');
}

/** A ledger amount with its sign: `+1,000`, `-250`. */
export function signedCredits(value: number): string {
  return value > 0 ? `+${formatCredits(value)}` : formatCredits(value);
}
