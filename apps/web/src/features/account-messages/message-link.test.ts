import { describe, expect, it } from 'vitest';
import { messageLinkTarget } from './message-link';

const ORIGIN = 'https://app.example.com';

describe('messageLinkTarget', () => {
  it('opens paths and full links of this app as pages of the app', () => {
    expect(messageLinkTarget('/account/billing?tab=invoices', ORIGIN)).toEqual({
      kind: 'page',
      path: '/account/billing?tab=invoices',
    });
    expect(messageLinkTarget('https://app.example.com/chat/3#end', ORIGIN)).toEqual({
      kind: 'page',
      path: '/chat/3#end',
    });
  });

  it('opens other sites as sites', () => {
    expect(messageLinkTarget('https://status.example.org/', ORIGIN)).toEqual({
      kind: 'site',
      url: 'https://status.example.org/',
    });
  });

  it('never follows script or other schemes, nor an empty link', () => {
    expect(messageLinkTarget('javascript:alert(1)', ORIGIN)).toBeNull();
    expect(messageLinkTarget('data:text/html,hi', ORIGIN)).toBeNull();
    expect(messageLinkTarget('  ', ORIGIN)).toBeNull();
    expect(messageLinkTarget(null, ORIGIN)).toBeNull();
  });
});
