import { LoadingBar } from './loading-bar';

/** Shown while the first route's guard and code load, continuing the bar index.html started. */
export function StartupLoader() {
  return <LoadingBar />;
}
