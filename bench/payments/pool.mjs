/** Runs `count` tasks with at most `width` in flight. @param {number} count @param {number} width @param {(i: number) => Promise<void>} task */
export async function pool(count, width, task) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(width, count) }, async () => {
    while (next < count) {
      const i = next;
      next += 1;
      await task(i);
    }
  });
  await Promise.all(lanes);
}
