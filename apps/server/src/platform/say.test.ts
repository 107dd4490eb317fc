import { describe, expect, it } from 'vitest';
import { say } from './say';

/** An untranslated catalogue: every msgid reads as written (English). */
const english = (msgid: string) => msgid;

describe('say', () => {
  it('a count takes its singular from the call when untranslated, and fills every place', () => {
    const one = { count: 1, name: 'Ads', defaultValue_one: '{{name}}: {{count}} row' };
    expect(say(english, '{{name}}: {{count}} rows', one)).toBe('Ads: 1 row');
    expect(say(english, '{{name}}: {{count}} rows', { ...one, count: 3 })).toBe('Ads: 3 rows');
  });

  it("with the reader's number locale a count is grouped as the web groups it: 2,000 and 2 000", () => {
    expect(say(english, '{{count}} rows', { count: 2000 }, 'en-US')).toBe('2,000 rows');
    expect(say(english, '{{count}} rows', { count: 2000 }, 'fr-FR')).toBe('2\u202f000 rows');
    // Other numbers are the caller's to format (an order number is never grouped).
    expect(say(english, 'Order {{num}}: {{count}} rows', { num: 20261125, count: 2000 }, 'en-US')).toBe(
      'Order 20261125: 2,000 rows',
    );
  });
});
