/**
 * Group commit for one team's credit calls: a call that finds nothing in flight for its team goes
 * at once (no added wait); calls that arrive while a statement is in flight wait for it and then
 * go together in the next one. Under load each statement (one row lock, one commit) serves many
 * calls; alone, a call costs what it did before. Correctness does not depend on it: each batch is
 * one statement that locks the team's balance row, across processes as within one.
 */
export class TeamBatcher<In, Out> {
  private readonly queues = new Map<string, { items: Waiting<In, Out>[]; running: boolean }>();

  constructor(
    private readonly run: (teamId: string, inputs: In[]) => Promise<Out[]>,
    private readonly maxBatch = 250,
  ) {}

  submit(teamId: string, input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      let queue = this.queues.get(teamId);
      if (!queue) {
        queue = { items: [], running: false };
        this.queues.set(teamId, queue);
      }
      queue.items.push({ input, resolve, reject });
      if (!queue.running) void this.drain(teamId, queue);
    });
  }

  private async drain(teamId: string, queue: { items: Waiting<In, Out>[]; running: boolean }): Promise<void> {
    queue.running = true;
    try {
      while (queue.items.length > 0) {
        const batch = queue.items.splice(0, this.maxBatch);
        try {
          const outs = await this.run(
            teamId,
            batch.map((item) => item.input),
          );
          batch.forEach((item, index) => {
            const out = outs[index];
            if (out === undefined) item.reject(new Error('a batched credit call got no answer'));
            else item.resolve(out);
          });
        } catch (error) {
          for (const item of batch) item.reject(error);
        }
      }
    } finally {
      queue.running = false;
      if (queue.items.length === 0) this.queues.delete(teamId);
    }
  }
}

interface Waiting<In, Out> {
  input: In;
  resolve: (out: Out) => void;
  reject: (error: unknown) => void;
}
