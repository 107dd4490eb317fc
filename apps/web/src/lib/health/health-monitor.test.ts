import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, jsonResponse, mockFetch, type SeenRequest } from '../testing/mock-fetch';
import { HealthMonitor, returnPath } from './health-monitor';
import { checkHealth } from './use-health-check';

type Answer = 'ok' | 'down' | 'offline' | 'busy';

/** The server's side of /api/healthy, one scripted answer per call, then the last one again. */
function serverAnswers(...answers: Answer[]) {
  let index = 0;
  return mockFetch((_request: SeenRequest) => {
    const answer = answers[Math.min(index++, answers.length - 1)];
    if (answer === 'offline') return Promise.reject(new TypeError('Failed to fetch'));
    if (answer === 'down') return jsonResponse(503, errorBody('SERVER_ERROR', 'Database unavailable'));
    if (answer === 'busy') return jsonResponse(429, errorBody('RATE_LIMITED', 'Slow down'));
    return jsonResponse(200, { status: 'ok', time: 1 });
  });
}

let location = { pathname: '/chat', search: '?c=1' };
let visible = true;
const navigate = vi.fn((to: string) => {
  const url = new URL(to, 'http://app.test');
  location = { pathname: url.pathname, search: url.search };
});
let monitor: HealthMonitor;

function startMonitor() {
  monitor = new HealthMonitor({
    check: checkHealth,
    navigate,
    getLocation: () => location,
    isVisible: () => visible,
  });
  monitor.start();
}

const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  vi.useFakeTimers();
  location = { pathname: '/chat', search: '?c=1' };
  visible = true;
  navigate.mockClear();
});

afterEach(() => {
  monitor.stop();
  vi.useRealTimers();
});

describe('health check timing (spec section 4)', () => {
  it('first check 3 s after start', async () => {
    const { requests } = serverAnswers('ok');
    startMonitor();
    await advance(2999);
    expect(requests).toHaveLength(0);
    await advance(1);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe('/api/healthy');
  });

  it('then every 15 s', async () => {
    const { requests } = serverAnswers('ok');
    startMonitor();
    await advance(3000);
    await advance(14_999);
    expect(requests).toHaveLength(1);
    await advance(1);
    expect(requests).toHaveLength(2);
    await advance(15_000 * 4);
    expect(requests).toHaveLength(6);
  });

  it('no checks while the tab is hidden; they resume when it is visible again', async () => {
    const { requests } = serverAnswers('ok');
    visible = false;
    startMonitor();
    await advance(3000 + 15_000 * 5);
    expect(requests).toHaveLength(0);
    visible = true;
    await advance(15_000);
    expect(requests).toHaveLength(1);
  });
});

describe('health check decisions (spec section 4)', () => {
  it('3 consecutive failures -> /500?from={path+query}', async () => {
    serverAnswers('offline');
    startMonitor();
    await advance(3000 + 15_000);
    expect(navigate).not.toHaveBeenCalled();
    await advance(15_000);
    expect(navigate).toHaveBeenCalledWith('/500?from=%2Fchat%3Fc%3D1');
  });

  it('a success in between resets the count', async () => {
    serverAnswers('offline', 'offline', 'ok', 'offline', 'offline', 'ok');
    startMonitor();
    await advance(3000 + 15_000 * 5);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a 4xx counts as a failure, not as an outage at once', async () => {
    serverAnswers('busy');
    startMonitor();
    await advance(3000 + 15_000);
    expect(navigate).not.toHaveBeenCalled();
    await advance(15_000);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('a status >= 500 -> /500 at once, on the first failure', async () => {
    serverAnswers('down');
    startMonitor();
    await advance(3000);
    expect(navigate).toHaveBeenCalledWith('/500?from=%2Fchat%3Fc%3D1');
  });

  it('checks are silent: an outage shows no dialog or toast', async () => {
    serverAnswers('down');
    startMonitor();
    await advance(3000);
    expect(document.body.textContent ?? '').not.toContain('Database unavailable');
    expect(document.querySelector('.ant-modal, .ant-message-notice')).toBeNull();
  });

  it('on /500 a success returns to the from path', async () => {
    serverAnswers('down', 'down', 'ok');
    startMonitor();
    await advance(3000);
    expect(location.pathname).toBe('/500');
    await advance(15_000);
    expect(navigate).toHaveBeenCalledTimes(1);
    await advance(15_000);
    expect(navigate).toHaveBeenLastCalledWith('/chat?c=1');
  });

  it('on /500 without a from, a success returns to /', async () => {
    location = { pathname: '/500', search: '' };
    serverAnswers('ok');
    startMonitor();
    await advance(3000);
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('on /500 polling stops after 40 failed tries', async () => {
    location = { pathname: '/500', search: '?from=%2Fchat' };
    const { requests } = serverAnswers('offline');
    startMonitor();
    await advance(3000 + 15_000 * 39);
    expect(requests).toHaveLength(40);
    await advance(15_000 * 10);
    expect(requests).toHaveLength(40);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('after giving up on /500, moving to another page starts checking again', async () => {
    location = { pathname: '/500', search: '' };
    const { requests } = serverAnswers('offline');
    startMonitor();
    await advance(3000 + 15_000 * 45);
    expect(requests).toHaveLength(40);
    location = { pathname: '/chat', search: '' };
    monitor.locationChanged();
    await advance(3000);
    expect(requests).toHaveLength(41);
  });
});

describe('returnPath', () => {
  it('only returns to paths inside the app', () => {
    expect(returnPath('?from=%2Fadmin%3Fx%3D1')).toBe('/admin?x=1');
    expect(returnPath('?from=https%3A%2F%2Fevil.test')).toBe('/');
    expect(returnPath('?from=%2F%2Fevil.test')).toBe('/');
    expect(returnPath('?from=%2F500')).toBe('/');
    expect(returnPath('')).toBe('/');
  });
});
