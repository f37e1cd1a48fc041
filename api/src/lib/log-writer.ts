/**
 * Log lines written in batches. Writing each line at once costs one write system call per request (about a
 * tenth of the session read's server CPU, docs/benchmarks.md); here the lines of up to 10 ms go out together, in
 * order (a timer started by the first waiting line), and at once when 256 are waiting. The process's exit
 * (Deno.exit, the end of the program, an uncaught error) writes what is left. Only a hard kill (SIGKILL, out of
 * memory) can lose the lines of the last 10 ms it interrupts. Two writers: stdout (`writeLogLine`)
 * and the request log file of REQUEST_LOG=file (request-log.ts, `lineBatcher` over the file).
 */
const encoder = new TextEncoder();
/** PIPE_BUF on Linux: a write to a pipe of at most this many bytes is never interleaved with another's. */
const ATOMIC_WRITE = 4096;
const NEWLINE = 10;
/**
 * How long the first waiting line waits for others. A write per event-loop turn was a write system call every
 * one to three requests under load (about a seventh of the session read's server CPU, docs/benchmarks-history.md
 * 2026-12-07); within 10 ms, a busy server writes its lines about a hundred times a second.
 */
const FLUSH_AFTER_MS = 10;

export interface LineBatcher {
  /** Queues one line (without its newline). */
  write(line: string): void;
  /** Writes every queued line now. */
  flush(): void;
}

const batchers = new Set<LineBatcher>();

/** Batches lines for `sink`: a synchronous write that may take part of its bytes and says how many. */
export function lineBatcher(sink: (bytes: Uint8Array) => number): LineBatcher {
  let pending: string[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const batcher: LineBatcher = {
    flush() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      if (!pending.length) return;
      const bytes = encoder.encode(pending.join(""));
      pending = [];
      // Whole lines of at most ATOMIC_WRITE bytes per write: the workers of one server share stdout, and a pipe
      // keeps such a write whole, so their lines never interleave mid-line (decision 0094).
      for (let start = 0; start < bytes.length;) {
        let end = bytes.length;
        if (end - start > ATOMIC_WRITE) {
          end = bytes.lastIndexOf(NEWLINE, start + ATOMIC_WRITE - 1) + 1;
          // One line longer than that goes whole.
          if (end <= start) end = bytes.indexOf(NEWLINE, start) + 1 || bytes.length;
        }
        for (let written = start; written < end;) written += sink(bytes.subarray(written, end));
        start = end;
      }
    },
    write(line) {
      pending.push(line + "\n");
      if (pending.length >= 256) batcher.flush();
      else timer ??= setTimeout(batcher.flush, FLUSH_AFTER_MS);
    },
  };
  batchers.add(batcher);
  return batcher;
}

/** Stops flushing `batcher` at exit (after a last flush): its sink is about to close. */
export function retireBatcher(batcher: LineBatcher): void {
  batcher.flush();
  batchers.delete(batcher);
}

const stdout = lineBatcher((bytes) => Deno.stdout.writeSync(bytes));

export function flushLogLines(): void {
  for (const batcher of batchers) batcher.flush();
}

/** Queues one line (without its newline) for stdout. */
export function writeLogLine(line: string): void {
  stdout.write(line);
}

// Written before the process ends, also when an uncaught error ends it (the listeners prevent nothing).
globalThis.addEventListener("unload", flushLogLines);
globalThis.addEventListener("error", flushLogLines);
globalThis.addEventListener("unhandledrejection", flushLogLines);
