/**
 * Runs tasks one after another per key (here: per email address) within this process, so a double
 * click's two requests do not both pass a check before either has written what the check counts.
 */
export function createKeyedQueue() {
  const tails = new Map<string, Promise<unknown>>();
  return async function run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    const current = previous.then(task, task);
    const tail = current.catch(() => undefined);
    tails.set(key, tail);
    try {
      return await current;
    } finally {
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}
