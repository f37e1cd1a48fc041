/**
 * Log lines to stdout, written in batches. Writing each line at once costs one write system call per request
 * (about a tenth of the session read's server CPU, docs/benchmarks.md); here the lines of one turn of the event
 * loop go out together, in order, as soon as that turn is over (a zero-delay timer), and at once when 256 are
 * waiting. The process's exit (Deno.exit, the end of the program, an uncaught error) writes what is left. Only a
 * hard kill (SIGKILL, out of memory) can lose the lines of the turn it interrupts.
 */
const encoder = new TextEncoder();
let pending: string[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

export function flushLogLines(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  if (!pending.length) return;
  const bytes = encoder.encode(pending.join(""));
  pending = [];
  for (let written = 0; written < bytes.length;) written += Deno.stdout.writeSync(bytes.subarray(written));
}

/** Queues one line (without its newline) for stdout. */
export function writeLogLine(line: string): void {
  pending.push(line + "\n");
  if (pending.length >= 256) flushLogLines();
  else timer ??= setTimeout(flushLogLines, 0);
}

// Written before the process ends, also when an uncaught error ends it (the listeners prevent nothing).
globalThis.addEventListener("unload", flushLogLines);
globalThis.addEventListener("error", flushLogLines);
globalThis.addEventListener("unhandledrejection", flushLogLines);
