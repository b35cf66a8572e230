import { Worker } from 'node:worker_threads';

/**
 * Runs one task in a worker thread of its own, with a heap limit and a time limit, and settles once:
 * with what `read` takes from its message, or with an error when the message carries one, the time
 * runs out, or the thread fails or exits. The worker is terminated either way. The PDF text
 * extraction, the PDF object reading and the page rendering for OCR run their files this way, so a
 * slow or hostile file costs its own thread, never the server's event loop.
 */
export function runWorkerTask<Message extends { error?: string }, Result>(
  url: URL,
  options: {
    workerData: unknown;
    transferList?: ArrayBuffer[];
    heapMb: number;
    timeoutMs: number;
    /** What the task is, for the errors ("PDF text extraction"). */
    task: string;
    read: (message: Message) => Result;
    /** The error a failure becomes (a class the caller tells apart), Error by default. */
    fail?: (reason: string) => Error;
  },
): Promise<Result> {
  const fail = options.fail ?? ((reason: string) => new Error(reason));
  return new Promise((resolve, reject) => {
    const worker = new Worker(url, {
      workerData: options.workerData,
      transferList: options.transferList ?? [],
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb },
      // The server's own flags (e.g. a TypeScript loader) are not needed in plain JavaScript.
      execArgv: [],
    });
    let settled = false;
    const finish = (error: Error | null, result?: Result) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (error) reject(error);
      else resolve(result as Result);
    };
    const timer = setTimeout(() => finish(fail(`${options.task} took longer than ${options.timeoutMs} ms`)), options.timeoutMs);
    worker.once('message', (message: Message) => (message.error !== undefined ? finish(fail(message.error)) : finish(null, options.read(message))));
    worker.once('error', (error) => finish(fail(error.message)));
    worker.once('exit', (code) => finish(fail(`${options.task} worker exited with code ${code}`)));
  });
}
