/**
 * A worker thread of the server (decision 0094): main.ts starts WORKERS - 1 of these after the start's
 * one-time work (migrations, seed, keys), each with its own database connections, session cache, job runner
 * and `Deno.serve` on the main thread's port (`reusePort`). Messages: main → worker `{ start: { port, worker } }`
 * then `{ stop: true }`; worker → main `{ listening: true }`, then `{ stopped: timedOut }` once drained.
 */
import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { setLogWorker } from "./lib/logging.ts";
import { prepareWorker, type Worker } from "./server.ts";

export type ToWorker = { start: { port: number; worker: number } } | { stop: true };
export type FromWorker = { listening: true } | { stopped: boolean };

let running: { worker: Worker; close: () => Promise<void> } | undefined;

/** This thread's side of the messages (typed here: the worker lib's globals would clash with the window's). */
const thread = self as unknown as {
  postMessage(message: FromWorker): void;
  onmessage: (event: MessageEvent<ToWorker>) => void;
};
const answer = (message: FromWorker) => thread.postMessage(message);

thread.onmessage = async ({ data }: MessageEvent<ToWorker>) => {
  if ("start" in data) {
    setLogWorker(data.start.worker);
    const config = loadConfig();
    const database = await openDatabase(config);
    const worker = await prepareWorker(config, database);
    running = { worker, close: () => database.close() };
    await worker.listen(data.start.port, true);
    answer({ listening: true });
  } else if (running) {
    const timedOut = await running.worker.stop();
    await running.close();
    answer({ stopped: timedOut });
  } else answer({ stopped: false });
};
