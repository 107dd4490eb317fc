/** Spec sections 4 and 9. */
export const FIRST_CHECK_DELAY_MS = 3_000;
export const CHECK_INTERVAL_MS = 15_000;
export const FAILURES_BEFORE_ERROR_PAGE = 3;
export const MAX_FAILURES_ON_ERROR_PAGE = 40;
export const ERROR_PAGE_PATH = '/500';

/** `status` is 0 when no answer arrived (network error, timeout). */
export interface HealthResult {
  ok: boolean;
  status: number;
}

export interface HealthLocation {
  pathname: string;
  search: string;
}

export interface HealthMonitorDeps {
  check: () => Promise<HealthResult>;
  navigate: (to: string) => void;
  getLocation: () => HealthLocation;
  isVisible: () => boolean;
}

/**
 * The health check's timing and decisions, free of React and of the network so fake timers can
 * drive it. Checks run one at a time: the next is scheduled when the previous has answered.
 */
export class HealthMonitor {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running = false;
  /** Gave up on the error page; a move to another page starts again. */
  private halted = false;
  private failures = 0;
  private errorPageFailures = 0;

  constructor(private readonly deps: HealthMonitorDeps) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(FIRST_CHECK_DELAY_MS);
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
  }

  /** Call when the route changes: leaving the error page after giving up resumes checking. */
  locationChanged(): void {
    if (!this.running || !this.halted || this.onErrorPage()) return;
    this.halted = false;
    this.errorPageFailures = 0;
    this.schedule(FIRST_CHECK_DELAY_MS);
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
  }

  private async tick(): Promise<void> {
    if (!this.running) return;
    // A hidden tab neither checks nor counts; it looks again on the usual beat.
    if (!this.deps.isVisible()) {
      this.schedule(CHECK_INTERVAL_MS);
      return;
    }
    const result = await this.deps.check().catch((): HealthResult => ({ ok: false, status: 0 }));
    if (!this.running) return;
    if (this.record(result)) this.schedule(CHECK_INTERVAL_MS);
    else this.halted = true;
  }

  /** Applies one result; returns whether to keep polling. */
  private record(result: HealthResult): boolean {
    const { pathname, search } = this.deps.getLocation();

    if (this.onErrorPage()) {
      this.failures = 0;
      if (result.ok) {
        this.errorPageFailures = 0;
        this.deps.navigate(returnPath(search));
        return true;
      }
      this.errorPageFailures += 1;
      return this.errorPageFailures < MAX_FAILURES_ON_ERROR_PAGE;
    }

    this.errorPageFailures = 0;
    if (result.ok) {
      this.failures = 0;
      return true;
    }
    this.failures += 1;
    // A 5xx is the server saying it is broken; a network error may be one dropped packet.
    if (result.status >= 500 || this.failures >= FAILURES_BEFORE_ERROR_PAGE) {
      this.failures = 0;
      this.deps.navigate(`${ERROR_PAGE_PATH}?from=${encodeURIComponent(`${pathname}${search}`)}`);
    }
    return true;
  }

  private onErrorPage(): boolean {
    return this.deps.getLocation().pathname === ERROR_PAGE_PATH;
  }
}

/** Back to `from` when it is a path inside this app, else home: `from` arrives in the URL. */
export function returnPath(search: string): string {
  const from = new URLSearchParams(search).get('from');
  if (!from?.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return '/';
  if (from === ERROR_PAGE_PATH || from.startsWith(`${ERROR_PAGE_PATH}?`)) return '/';
  return from;
}
