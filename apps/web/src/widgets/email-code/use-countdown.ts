import { useEffect, useState } from 'react';

/**
 * Seconds left until `restart(seconds)` runs out, ticking once a second. Kept as a deadline, so a
 * tab the browser throttled in the background shows the right number when it comes back.
 */
export function useCountdown(initialSeconds = 0) {
  const [deadline, setDeadline] = useState(() => Date.now() + initialSeconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const remaining = Math.max(0, Math.ceil((deadline - now) / 1000));

  const running = remaining > 0;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);

  const restart = (seconds: number) => {
    const start = Date.now();
    setNow(start);
    setDeadline(start + seconds * 1000);
  };

  return { remaining, restart };
}
