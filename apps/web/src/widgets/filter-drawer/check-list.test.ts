import { describe, expect, it } from 'vitest';
import { toggleCheckList } from './check-list';

describe('toggleCheckList (spec section 4)', () => {
  it("selecting 'all' clears the other choices", () => {
    expect(toggleCheckList(['admin', 'user'], 'all')).toEqual(['all']);
  });

  it("choosing another removes 'all'", () => {
    expect(toggleCheckList(['all'], 'admin')).toEqual(['admin']);
    expect(toggleCheckList(['admin'], 'user')).toEqual(['admin', 'user']);
  });

  it("unchecking the last choice leaves 'all'", () => {
    expect(toggleCheckList(['admin', 'user'], 'admin')).toEqual(['user']);
    expect(toggleCheckList(['admin'], 'admin')).toEqual(['all']);
    expect(toggleCheckList([], 'all')).toEqual(['all']);
  });
});
