import { PASSWORD_MAX, PASSWORD_MIN } from '@app/contract/auth/sign-up';
import { CHAT_TITLE_MAX, QUESTION_MAX } from '@app/contract/chat/chats';
import { DEFAULT_LOCALE, LANG_COOKIE, LOCALES, TOKEN_COOKIE } from '@app/contract/common';
import { describe, expect, it } from 'vitest';
import * as light from './light-contract';

describe("the light pages' copy of contract values", () => {
  it('equals the contract: locales, default locale, cookie names, password length limits', () => {
    expect(light.LOCALES).toEqual(LOCALES);
    expect(light.DEFAULT_LOCALE).toBe(DEFAULT_LOCALE);
    expect(light.LANG_COOKIE).toBe(LANG_COOKIE);
    expect(light.TOKEN_COOKIE).toBe(TOKEN_COOKIE);
    expect(light.PASSWORD_MIN).toBe(PASSWORD_MIN);
    expect(light.PASSWORD_MAX).toBe(PASSWORD_MAX);
    expect(light.CHAT_TITLE_MAX).toBe(CHAT_TITLE_MAX);
    expect(light.QUESTION_MAX).toBe(QUESTION_MAX);
  });

  it('isLocale accepts exactly the shipped locales', () => {
    for (const loc of LOCALES) expect(light.isLocale(loc)).toBe(true);
    for (const other of ['en', 'zh-CN', '', null, 42]) expect(light.isLocale(other)).toBe(false);
  });
});
