// The rows of a chat bench table: a label, how many timings, and their p50, p95 and max.

/** @typedef {{ label: string, count: number, p50: number, p95: number, max: number }} Row */

/** @param {number[]} values @param {number} p nearest rank */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? 0;
}

/** @param {string} label @param {number[]} times @returns {Row} */
export function rowOf(label, times) {
  return {
    label,
    count: times.length,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    max: Math.max(...times),
  };
}
