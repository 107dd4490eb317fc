import { describe, expect, it, vi } from 'vitest';
import { clearToken, deleteCookie, getCookie, getToken, setCookie, setLangCookie } from './cookies';

describe('cookies', () => {
  it('reads, writes (URI-encoded) and deletes a cookie', () => {
    setCookie('app_x', 'a b;c');
    expect(getCookie('app_x')).toBe('a b;c');
    deleteCookie('app_x');
    expect(getCookie('app_x')).toBeNull();
  });

  it('getToken reads app_token; clearToken removes it', () => {
    expect(getToken()).toBeNull();
    setCookie('app_token', 'tok');
    expect(getToken()).toBe('tok');
    clearToken();
    expect(getToken()).toBeNull();
  });

  it('the language cookie app_lang is kept for one year (spec section 9)', () => {
    const writes = vi.spyOn(Document.prototype, 'cookie', 'set');
    setLangCookie('zh_CN');
    expect(writes).toHaveBeenCalledWith('app_lang=zh_CN; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(getCookie('app_lang')).toBe('zh_CN');
  });
});
