import { TOKEN_COOKIE } from '@app/contract/common';
import { getHealthy } from '@app/contract/core/healthy';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken, setCookie } from '../cookies';
import { errorBody, jsonResponse, mockFetch } from '../testing/mock-fetch';
import { callApi } from './client';
import { FeedbackBridge } from './feedback-bridge';
import { applyFeedback, FLASH_SECONDS, PLANS_PATH, TOP_UP_PATH } from './feedback-effects';

function mountBridge() {
  const navigate = vi.fn();
  // No motion: jsdom fires no transition events, and the tests are about content and timing.
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <App>
        <FeedbackBridge navigate={navigate} />
      </App>
    </ConfigProvider>,
  );
  return navigate;
}

const dialog = (title: string) => screen.findByRole('dialog', { name: title });

beforeEach(() => {
  window.history.pushState({}, '', '/chat/42?tab=files');
});

afterEach(async () => {
  vi.useRealTimers();
  // A dialog stays open (and blocks its kind) until closed; close it like a user would.
  for (const button of screen.queryAllByRole('button', { name: 'Close' })) fireEvent.click(button);
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});

describe('error catalogue, applied (spec section 8)', () => {
  it('insufficient credits: a dialog with links to /account/subscription and /usm/plan', async () => {
    const navigate = mountBridge();
    act(() => applyFeedback({ kind: 'insufficient_credits', limit: { required: 120, balance: 15 } }));

    const credits = await dialog('Insufficient credits');
    expect(credits.textContent).toContain('Your credit balance is too low. Top up or subscribe to a plan');
    // msg_limit's figures: what the work needs and what is free.
    expect(credits.textContent).toContain('This needs 120 credits; 15 are free to use.');
    const topUp = screen.getByRole('link', { name: 'Top up' });
    const plans = screen.getByRole('link', { name: 'Subscribe to a plan' });
    expect(topUp.getAttribute('href')).toBe('/account/subscription');
    expect(plans.getAttribute('href')).toBe('/usm/plan');
    expect([TOP_UP_PATH, PLANS_PATH]).toEqual(['/account/subscription', '/usm/plan']);

    fireEvent.click(plans);
    expect(navigate).toHaveBeenCalledWith('/usm/plan');
  });

  it('an INSUFFICIENT_CREDITS answer of any call opens the dialog with its msg_limit figures', async () => {
    mountBridge();
    mockFetch(() =>
      jsonResponse(
        402,
        errorBody('INSUFFICIENT_CREDITS', 'insufficient_credits', {
          msg_limit: { required: 40, balance: 3 },
        }),
      ),
    );
    await expect(callApi(getHealthy)).rejects.toMatchObject({ code: 'INSUFFICIENT_CREDITS' });
    const credits = await dialog('Insufficient credits');
    expect(credits.textContent).toContain('This needs 40 credits; 3 are free to use.');
    // The dialog says it; no second toast repeats the server's msg.
    expect(screen.queryByText('insufficient_credits')).toBeNull();
  });

  it('success msg: a flash notice that lasts 1.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    mountBridge();
    act(() => applyFeedback({ kind: 'flash', text: 'Saved' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(screen.getByText('Saved')).toBeTruthy();
    expect(FLASH_SECONDS).toBe(1.5);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1300);
    });
    expect(screen.queryByText('Saved')).toBeTruthy();
    // Gone shortly after 1.5 s: a longer (or antd's default 3 s) notice fails here.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it("SERVER_ERROR: the 'Sorry! Something went wrong...' dialog shows the message and req_id", async () => {
    mountBridge();
    act(() => applyFeedback({ kind: 'server_error', text: 'Database unavailable', reqId: 'req-77' }));
    const sorry = await dialog('Sorry! Something went wrong...');
    expect(sorry.textContent).toContain('Database unavailable');
    expect(sorry.textContent).toContain('req-77');
  });

  it('the same dialog is not stacked when many calls fail together', async () => {
    mountBridge();
    act(() => {
      applyFeedback({ kind: 'server_error', text: 'Boom', reqId: 'a' });
      applyFeedback({ kind: 'server_error', text: 'Boom', reqId: 'b' });
    });
    await dialog('Sorry! Something went wrong...');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('a dialog left open when its app goes away does not block the next one (its afterClose never ran)', async () => {
    const first = render(
      <ConfigProvider theme={{ token: { motion: false } }}>
        <App>
          <FeedbackBridge navigate={vi.fn()} />
        </App>
      </ConfigProvider>,
    );
    act(() => applyFeedback({ kind: 'server_error', text: 'First', reqId: 'a' }));
    await dialog('Sorry! Something went wrong...');
    first.unmount();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    mountBridge();
    act(() => applyFeedback({ kind: 'server_error', text: 'Second', reqId: 'b' }));
    expect((await dialog('Sorry! Something went wrong...')).textContent).toContain('Second');
  });

  it('sign-in: clears the token cookie and navigates to the login path', () => {
    const navigate = mountBridge();
    setCookie(TOKEN_COOKIE, 'stale');
    applyFeedback({ kind: 'sign_in', to: '/login?next=%2Fchat' });
    expect(getToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login?next=%2Fchat');
  });

  it('other msg: a warning toast', async () => {
    mountBridge();
    act(() => applyFeedback({ kind: 'warning', text: 'Name is required' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(document.querySelector('.ant-message-warning')).not.toBeNull();
  });
});

describe('callApi applies the catalogue to every answer unless silent', () => {
  it('an error msg becomes a toast', async () => {
    mountBridge();
    mockFetch(() => jsonResponse(409, errorBody('CONFLICT', 'Already taken')));
    await expect(callApi(getHealthy)).rejects.toMatchObject({ status: 409 });
    expect(await screen.findByText('Already taken')).toBeTruthy();
  });

  it('a BEARER_TOKEN_ERROR sends the user to /login?next= the current path and query', async () => {
    const navigate = mountBridge();
    setCookie(TOKEN_COOKIE, 'expired');
    mockFetch(() => jsonResponse(401, errorBody('BEARER_TOKEN_ERROR', 'Sign in again')));
    await expect(callApi(getHealthy)).rejects.toMatchObject({ code: 'BEARER_TOKEN_ERROR' });
    expect(navigate).toHaveBeenCalledWith('/login?next=%2Fchat%2F42%3Ftab%3Dfiles');
    expect(getToken()).toBeNull();
  });

  it('silent: true shows nothing and redirects nowhere', async () => {
    const navigate = mountBridge();
    setCookie(TOKEN_COOKIE, 'expired');
    let answer = 0;
    mockFetch(() =>
      ++answer === 1
        ? jsonResponse(409, errorBody('CONFLICT', 'Already taken'))
        : jsonResponse(401, errorBody('BEARER_TOKEN_ERROR', 'Sign in again')),
    );
    await expect(callApi(getHealthy, { silent: true })).rejects.toMatchObject({ status: 409 });
    await expect(callApi(getHealthy, { silent: true })).rejects.toMatchObject({ status: 401 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Already taken')).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
    expect(getToken()).toBe('expired');
  });

  it('a success answer with msg_type success flashes its msg', async () => {
    mountBridge();
    mockFetch(() => jsonResponse(200, { status: 'ok', time: 1, msg_type: 'success', msg: 'All good' }));
    await callApi(getHealthy);
    expect(await screen.findByText('All good')).toBeTruthy();
  });
});
