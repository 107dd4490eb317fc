import { maskEmail } from '@app/contract/user/mask-email';
import { describe, expect, it } from 'vitest';

describe('maskEmail keeps the first and last letters', () => {
  it('masks the middle of the local part and keeps the domain', () => {
    expect(maskEmail('alice@example.com')).toBe('a***e@example.com');
  });
  it('caps the stars so long addresses do not reveal their length', () => {
    expect(maskEmail('averyveryverylongname@x.io')).toBe('a******e@x.io');
  });
  it('short local parts still hide something', () => {
    expect(maskEmail('ab@x.io')).toBe('a*@x.io');
    expect(maskEmail('a@x.io')).toBe('a*@x.io');
  });
});
