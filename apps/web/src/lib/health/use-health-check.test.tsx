import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, jsonResponse, mockFetch } from '../testing/mock-fetch';
import { useHealthCheck } from './use-health-check';

function Root() {
  useHealthCheck();
  return null;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('useHealthCheck (spec section 4)', () => {
  it('inside the router: an outage moves to /500?from= the current path and query, recovery moves back', async () => {
    vi.useFakeTimers();
    let up = false;
    mockFetch(() =>
      up
        ? jsonResponse(200, { status: 'ok', time: 1 })
        : jsonResponse(503, errorBody('SERVER_ERROR', 'Down')),
    );
    const router = createMemoryRouter(
      [
        { path: '/chat', element: <Root /> },
        { path: '/500', element: <Root /> },
      ],
      { initialEntries: ['/chat?c=1'] },
    );
    render(<RouterProvider router={router} />);

    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(router.state.location.pathname).toBe('/500');
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('/chat?c=1');

    up = true;
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/chat?c=1');
  });
});
