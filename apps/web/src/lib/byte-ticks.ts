import { formatFileSize } from './format';

const STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500];

/**
 * Ticks for an axis of bytes at round sizes of its own unit (0, 5 KB, 10 KB, 15 KB), not at
 * decimal steps read in binary units (4.88 KB, 9.77 KB, 14.65 KB): the unit is the one the largest
 * value is shown in, the step the smallest of 1, 2, 5, 10 … that needs at most `most` ticks.
 */
export function byteTicks(max: number, most = 6): number[] {
  if (!(Number.isFinite(max) && max > 0)) return [0];
  let unit = 1;
  while (max / unit >= 1024 && unit < 1024 ** 4) unit *= 1024;
  const span = max / unit;
  const step = STEPS.find((s) => Math.ceil(span / s) <= most - 1) ?? Math.ceil(span / (most - 1));
  const count = Math.ceil(span / step);
  return Array.from({ length: count + 1 }, (_, i) => i * step * unit);
}

/** A tick's label: its size without trailing zeros ("5 KB", "1.5 MB"). */
export function byteTickLabel(bytes: number): string {
  return formatFileSize(bytes).replace(/\.(\d*?)0+ /, (_match, digits: string) =>
    digits ? `.${digits} ` : ' ',
  );
}
