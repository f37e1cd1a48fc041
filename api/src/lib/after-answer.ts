/**
 * Work that must not delay the answer: the request answers at once and the work runs on in this process. Used
 * where the answer's timing must not depend on the work (forgot-password answers known and unknown addresses
 * alike). A failure is logged, never answered; the work is not durable, so it must be something a person can
 * simply ask for again. Tests and a clean shutdown wait for it with `afterAnswerSettled()`.
 */
const running = new Set<Promise<void>>();

/** Starts `work` without waiting for it; `event` names it in the log if it fails. */
export function afterAnswer(event: string, work: () => Promise<void>): void {
  const task = (async () => {
    try {
      await work();
    } catch (error) {
      console.error(JSON.stringify({ level: "error", event, error: String(error) }));
    }
  })();
  running.add(task);
  task.finally(() => running.delete(task));
}

/** Resolves when every piece of work started so far (and any it started) has finished. */
export async function afterAnswerSettled(): Promise<void> {
  while (running.size) await Promise.all(running);
}
