import { adTextLength } from '@app/contract/analysis/ad-copy';

/**
 * The text an ad field takes when `previous` is edited into `next`: the edit as made if it fits
 * the limit (or makes an over-long text shorter), else only as much of what was inserted as fits.
 * Lengths count full-width characters twice, as Google Ads does.
 */
export function fitAdText(previous: string, next: string, limit: number): string {
  const nextLength = adTextLength(next);
  if (nextLength <= limit || nextLength <= adTextLength(previous)) return next;
  const before = [...previous];
  const after = [...next];
  // The edit is what lies between the unchanged start and the unchanged end.
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start += 1;
  let end = 0;
  while (
    end < before.length - start &&
    end < after.length - start &&
    before[before.length - 1 - end] === after[after.length - 1 - end]
  ) {
    end += 1;
  }
  const head = after.slice(0, start);
  const tail = after.slice(after.length - end);
  let room = limit - adTextLength([...head, ...tail].join(''));
  const taken: string[] = [];
  for (const char of after.slice(start, after.length - end)) {
    const width = adTextLength(char);
    if (width > room) break;
    taken.push(char);
    room -= width;
  }
  return [...head, ...taken, ...tail].join('');
}
