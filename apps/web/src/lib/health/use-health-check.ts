import type { getHealthy } from '@app/contract/core/healthy';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '../api/api-error';
import { endpointRef, lightCall } from '../api/light-client';
import { HealthMonitor, type HealthResult } from './health-monitor';

/** Every page runs the check, the sign-in pages too: through the light client. */
const healthy = endpointRef<typeof getHealthy>('GET', '/api/healthy');

/** Well under the 15 s beat, so a hung server counts as a failure before the next check. */
const HEALTH_TIMEOUT_MS = 10_000;

/** One silent `GET /api/healthy`: the outcome is the monitor's business, never a toast. */
export async function checkHealth(): Promise<HealthResult> {
  try {
    await lightCall(healthy, { silent: true, timeoutMs: HEALTH_TIMEOUT_MS });
    return { ok: true, status: 200 };
  } catch (error) {
    return { ok: false, status: isApiError(error) ? error.status : 0 };
  }
}

/**
 * Runs the health check of spec section 4 for as long as the calling component is mounted. Mount
 * it once, in the root route's element (it needs the router).
 */
export function useHealthCheck(): void {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  // The monitor lives across renders; it reads the router's location through this ref.
  const locationRef = useRef({ pathname, search });
  const monitorRef = useRef<HealthMonitor | null>(null);

  useEffect(() => {
    const monitor = new HealthMonitor({
      check: checkHealth,
      // Replace, so Back from the error page does not land on the error page again.
      navigate: (to) => void navigate(to, { replace: true }),
      getLocation: () => locationRef.current,
      isVisible: () => document.visibilityState === 'visible',
    });
    monitorRef.current = monitor;
    monitor.start();
    return () => monitor.stop();
  }, [navigate]);

  useEffect(() => {
    locationRef.current = { pathname, search };
    monitorRef.current?.locationChanged();
  }, [pathname, search]);
}
