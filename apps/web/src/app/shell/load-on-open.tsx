import { type ComponentType, lazy, Suspense, useState } from 'react';

/**
 * A part of the shell that shows only on request (a drawer, a popover's content): its code loads
 * the first time it opens, not with the page (docs/performance.md, /chat's budget), and it stays
 * mounted afterwards so it can animate closed and open again at once.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() => load().then((component) => ({ default: component })));
}

/** True from the first time `open` is true: the moment to mount a lazy part. */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

export { Suspense };
