import { Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { LOADING_SKELETON_DELAY_MS } from './grid-rules';

/**
 * Nothing at first, a skeleton once loading has taken `delayMs` (spec section 9: 750 ms), so a fast
 * load does not flash a placeholder.
 */
export function DelayedSkeleton({ delayMs = LOADING_SKELETON_DELAY_MS }: { delayMs?: number }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return (
    <div className="data-grid__placeholder" aria-busy="true">
      {shown ? <Skeleton active paragraph={{ rows: 5 }} /> : null}
    </div>
  );
}
