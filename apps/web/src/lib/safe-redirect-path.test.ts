import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect-path';

describe('safeRedirectPath', () => {
  it('keeps an in-app path with its query', () => {
    expect(safeRedirectPath('/chat?x=1', '/chat')).toBe('/chat?x=1');
  });

  it.each([
    null,
    undefined,
    '',
    'chat',
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
  ])('falls back for %j', (value) => {
    expect(safeRedirectPath(value, '/chat')).toBe('/chat');
  });
});
