import { describe, expect, it } from 'vitest';
import { feedbackFor } from './feedback';

const at = (pathname: string, search = '') => ({ pathname, search });
const chat = at('/chat/42', '?tab=files&sort=new');

describe('error catalogue (spec section 8)', () => {
  it('msg_limit present -> the insufficient-credits dialog, whatever else the body says', () => {
    const body = {
      error_code: 'INSUFFICIENT_CREDITS',
      msg: 'No credits',
      req_id: 'r',
      msg_limit: { required: 5, balance: 1 },
    };
    expect(feedbackFor(402, body, chat)).toEqual({
      kind: 'insufficient_credits',
      limit: { required: 5, balance: 1 },
    });
    expect(
      feedbackFor(200, { msg_type: 'success', msg: 'Done', msg_limit: { required: 1, balance: 0 } }, chat),
    ).toEqual({
      kind: 'insufficient_credits',
      limit: { required: 1, balance: 0 },
    });
    // A msg_limit without usable figures still opens the dialog, just without them.
    expect(feedbackFor(402, { ...body, msg_limit: 'low' }, chat)).toEqual({
      kind: 'insufficient_credits',
      limit: null,
    });
  });

  it("msg_type 'success' with msg -> a flash notice of that msg", () => {
    expect(feedbackFor(200, { msg_type: 'success', msg: 'Saved' }, chat)).toEqual({
      kind: 'flash',
      text: 'Saved',
    });
  });

  it("msg_type 'success' without msg -> nothing", () => {
    expect(feedbackFor(200, { msg_type: 'success' }, chat)).toEqual({ kind: 'none' });
  });

  it("error_code SERVER_ERROR -> the 'Sorry! Something went wrong...' dialog with msg and req_id", () => {
    const body = { error_code: 'SERVER_ERROR', msg: 'Database unavailable', req_id: 'req-77' };
    expect(feedbackFor(500, body, chat)).toEqual({
      kind: 'server_error',
      text: 'Database unavailable',
      reqId: 'req-77',
    });
  });

  it('error_code BEARER_TOKEN_ERROR -> sign in, with next keeping path + query', () => {
    const feedback = feedbackFor(
      401,
      { error_code: 'BEARER_TOKEN_ERROR', msg: 'Sign in', req_id: 'r' },
      chat,
    );
    expect(feedback.kind).toBe('sign_in');
    if (feedback.kind !== 'sign_in') return;
    const url = new URL(feedback.to, 'http://app.test');
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('next')).toBe('/chat/42?tab=files&sort=new');
  });

  it('BEARER_TOKEN_ERROR on /login or /sign-up -> no redirect', () => {
    const body = { error_code: 'BEARER_TOKEN_ERROR', msg: 'Sign in', req_id: 'r' };
    expect(feedbackFor(401, body, at('/login', '?next=%2Fchat'))).toEqual({ kind: 'none' });
    expect(feedbackFor(401, body, at('/sign-up'))).toEqual({ kind: 'none' });
    expect(feedbackFor(401, body, at('/login/'))).toEqual({ kind: 'none' });
  });

  it('any other msg -> a warning toast of that msg', () => {
    expect(
      feedbackFor(400, { error_code: 'VALIDATION_ERROR', msg: 'Name is required', req_id: 'r' }, chat),
    ).toEqual({
      kind: 'warning',
      text: 'Name is required',
    });
    expect(feedbackFor(403, { error_code: 'FORBIDDEN', msg: 'Not allowed', req_id: 'r' }, chat)).toEqual({
      kind: 'warning',
      text: 'Not allowed',
    });
    expect(feedbackFor(200, { msg_type: 'info', msg: 'Heads up' }, chat)).toEqual({
      kind: 'warning',
      text: 'Heads up',
    });
  });

  it('no body (network failure, timeout) or no msg -> nothing', () => {
    expect(feedbackFor(0, null, chat)).toEqual({ kind: 'none' });
    expect(feedbackFor(200, {}, chat)).toEqual({ kind: 'none' });
  });
});
