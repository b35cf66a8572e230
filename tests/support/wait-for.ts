/** Polls until the check returns a value (not undefined/false), or fails after the timeout. Never a fixed sleep. */
export async function waitFor<T>(check: () => T | undefined | false | Promise<T | undefined | false>, { timeoutMs = 5000, intervalMs = 25, what = 'condition' } = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}${lastError ? `: ${String(lastError)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
