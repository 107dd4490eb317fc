import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chinaDateTime,
  chinaRfc3339,
  cutToBytes,
  fenToYuan,
  refundNumber,
  tradeNumber,
  yuanToFen,
} from './cn-trades';

describe('WeChat Pay and Alipay trades on our side', () => {
  it('yuan strings are read as whole fen digit by digit, never through a float: "9.80" and "9.8" are 980, "9.79" is 979, "0.29" is 29', () => {
    expect(yuanToFen('9.80')).toBe(980);
    expect(yuanToFen('9.8')).toBe(980);
    expect(yuanToFen('9.79')).toBe(979);
    // 0.29 * 100 is 28.999999999999996 in floating point.
    expect(yuanToFen('0.29')).toBe(29);
    expect(yuanToFen('0.01')).toBe(1);
    expect(yuanToFen('100000000.00')).toBe(10_000_000_000);
  });

  it('anything but a plain yuan amount with at most two decimals is no amount: three decimals, signs, exponents, spaces, numbers', () => {
    for (const bad of [
      '9.799',
      '-9.80',
      '+9.80',
      '1e3',
      ' 9.80',
      '9.80 ',
      '09.80',
      '9.',
      '.80',
      '',
      '1000000000.00',
      '9,80',
    ]) {
      expect(yuanToFen(bad), bad).toBeNull();
    }
    expect(yuanToFen(9.8)).toBeNull();
    expect(yuanToFen(null)).toBeNull();
  });

  it('fen are written as two-decimal yuan and read back the same, for every amount', () => {
    expect(fenToYuan(980)).toBe('9.80');
    expect(fenToYuan(5)).toBe('0.05');
    expect(fenToYuan(0)).toBe('0.00');
    expect(() => fenToYuan(9.5)).toThrow();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (fen) => yuanToFen(fenToYuan(fen)) === fen),
    );
  });

  it('a payment’s trade number is its id’s 32 hex digits (WeChat Pay takes 6 to 32)', () => {
    const number = tradeNumber('3f2b8c1e-1d2c-4e5f-8a9b-0c1d2e3f4a5b');
    expect(number).toBe('3f2b8c1e1d2c4e5f8a9b0c1d2e3f4a5b');
    expect(number).toMatch(/^[0-9a-f]{32}$/);
  });

  it('a refund number is the same for the same key, readable for ours, hashed for what WeChat Pay would not take', () => {
    expect(refundNumber('return:3f2b8c1e-1d2c-4e5f-8a9b-0c1d2e3f4a5b')).toBe(
      'return_3f2b8c1e-1d2c-4e5f-8a9b-0c1d2e3f4a5b',
    );
    const odd = refundNumber('refund:订单/1');
    expect(odd).toMatch(/^r[0-9a-f]{40}$/);
    expect(refundNumber('refund:订单/1')).toBe(odd);
    expect(refundNumber('refund:订单/2')).not.toBe(odd);
  });

  it('times are written in China time: RFC 3339 for WeChat Pay, yyyy-MM-dd HH:mm:ss for Alipay', () => {
    const seconds = Date.UTC(2026, 10, 25, 2, 34, 56) / 1000;
    expect(chinaRfc3339(seconds)).toBe('2026-11-25T10:34:56+08:00');
    expect(chinaDateTime(seconds)).toBe('2026-11-25 10:34:56');
    expect(chinaRfc3339(Date.UTC(2026, 11, 31, 20, 0, 0) / 1000)).toBe('2027-01-01T04:00:00+08:00');
  });

  it('descriptions are cut to a number of UTF-8 bytes between characters', () => {
    expect(cutToBytes('套餐专业版', 7)).toBe('套餐');
    expect(Buffer.byteLength(cutToBytes('专'.repeat(100), 127))).toBe(126);
    expect(cutToBytes('Pro (20261125-000001)', 127)).toBe('Pro (20261125-000001)');
  });
});
