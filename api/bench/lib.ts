/**
 * Shared by the bench processes: latency recording, percentiles, CPU accounting read from /proc, and starting
 * the app in a process of its own.
 */
import { join } from "node:path";

/** The nearest-rank `q` quantile (0 < q <= 1) of ascending `sorted`: the value at rank ceil(q·n). Every bench's percentiles. */
export function nearestRank(sorted: ArrayLike<number>, q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** Latencies in milliseconds, kept in a growable typed array (no boxing, no GC churn while measuring). */
export class Recorder {
  #data = new Float64Array(1 << 16);
  count = 0;

  add(ms: number): void {
    if (this.count === this.#data.length) {
      const next = new Float64Array(this.#data.length * 2);
      next.set(this.#data);
      this.#data = next;
    }
    this.#data[this.count++] = ms;
  }

  /** p50, p90, p99 and max in milliseconds (nearest-rank), or nulls when nothing was recorded. */
  summary(): Percentiles {
    if (this.count === 0) return { p50: null, p90: null, p99: null, max: null };
    const sorted = this.#data.slice(0, this.count).sort();
    const at = (q: number) => nearestRank(sorted, q);
    return { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: sorted[sorted.length - 1] };
  }
}

export interface Percentiles {
  p50: number | null;
  p90: number | null;
  p99: number | null;
  max: number | null;
}

/** What every measuring process prints as the last line of its stdout. */
export interface Measurement extends Percentiles {
  /** Completed operations inside the measurement window. */
  requests: number;
  /** Failed operations inside the window (non-2xx answers, driver errors). */
  errors: number;
  /** Completed operations per second inside the window. */
  rate: number;
  /** The window, in seconds (the warm-up before it is not counted). */
  seconds: number;
  /** CPU time per completed operation in microseconds, by process group (from /proc, 10 ms ticks). */
  cpuUsPerOp: Record<string, number>;
  /** Share of one core each process group used during the window. */
  cpuCores: Record<string, number>;
  /** For open-loop runs: the target rate and how many scheduled requests never got sent or answered. */
  targetRate?: number;
  unfinished?: number;
}

const TICK_MS = 10; // CLK_TCK is 100 on Linux x86_64

function ticksOf(pid: number | "self"): number {
  try {
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
    // Fields after the ")" closing the command name: state is field 3; utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** All processes whose command name is `postgres` (the postmaster and every backend, whoever's). */
function postgresTicks(): number {
  let total = 0;
  for (const entry of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    try {
      const stat = Deno.readTextFileSync(`/proc/${entry.name}/stat`);
      if (stat.includes("(postgres)")) total += ticksOf(Number(entry.name));
    } catch {
      // the process ended between listing and reading
    }
  }
  return total;
}

/**
 * Which processes to account: named pids (a list for a server of several workers, summed), `self`, and
 * `postgres` for the whole database server.
 */
export type Watch = Record<string, number | number[] | "self" | "postgres">;

export function cpuSnapshot(watch: Watch): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, pid] of Object.entries(watch)) {
    const ticks = pid === "postgres"
      ? postgresTicks()
      : Array.isArray(pid)
      ? pid.reduce((sum, p) => sum + ticksOf(p), 0)
      : ticksOf(pid);
    out[name] = ticks * TICK_MS;
  }
  return out;
}

/** CPU per operation (µs) and cores used, from two snapshots taken at the window's edges. */
export function cpuReport(
  before: Record<string, number>,
  after: Record<string, number>,
  ops: number,
  seconds: number,
): Pick<Measurement, "cpuUsPerOp" | "cpuCores"> {
  const cpuUsPerOp: Record<string, number> = {};
  const cpuCores: Record<string, number> = {};
  for (const name of Object.keys(before)) {
    const ms = after[name] - before[name];
    cpuUsPerOp[name] = ops ? (ms * 1000) / ops : 0;
    cpuCores[name] = ms / 1000 / seconds;
  }
  return { cpuUsPerOp, cpuCores };
}

/** The middle value (the upper of the two middle ones for an even count); the input is left as it is. */
export const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * How far a figure's windows are apart: the largest over the smallest, minus one (0.25 = the largest is 25 %
 * above the smallest). 0 for fewer than two windows; Infinity when one is 0 and another is not.
 */
export function spread(windows: readonly number[]): number {
  if (windows.length < 2) return 0;
  const low = Math.min(...windows), high = Math.max(...windows);
  if (high === low) return 0;
  return low > 0 ? high / low - 1 : Infinity;
}

/** The window-agreement rule of `deno task bench` (decision 0095). */
export interface Agreement {
  /** The most the windows may disagree by (0.2: the largest at most 20 % above the smallest). */
  tolerance: number;
  /** Windows every figure is measured in, at least (2: one can be checked against the other). */
  least: number;
  /** Windows a figure is measured in, at most (its windows may still disagree then: the output says so). */
  most: number;
}

/**
 * Whether a figure needs one more window: fewer than `least` so far, or its last `least` windows disagree by
 * more than `tolerance` and it has fewer than `most`. Only the latest windows count, so one window disturbed by
 * a burst of other work on the machine is outvoted by the windows measured after it.
 */
export function needsAnotherWindow(windows: readonly number[], rule: Agreement): boolean {
  if (windows.length < rule.least) return true;
  if (windows.length >= rule.most) return false;
  return spread(windows.slice(-rule.least)) > rule.tolerance;
}

/**
 * A figure's value from its windows: the middle of its last `least` windows (the ones that agreed, if any), the
 * mean of the two middle ones for an even count.
 */
export function figureOf(windows: readonly number[], rule: Agreement): number {
  const last = windows.slice(-rule.least).sort((a, b) => a - b);
  const mid = Math.floor(last.length / 2);
  return last.length % 2 ? last[mid] : (last[mid - 1] + last[mid]) / 2;
}

const failedTargets: string[] = [];

/**
 * PASS or FAIL for one target, as every bench step prints it; each FAIL is remembered, and `deno task bench`
 * exits non-zero after any (decision 0095; never in smoke mode, which prints no figures).
 */
export function verdict(target: string, pass: boolean): "PASS" | "FAIL" {
  if (!pass) failedTargets.push(target);
  return pass ? "PASS" : "FAIL";
}

/** The targets that printed FAIL in this process so far. */
export const failures = (): readonly string[] => failedTargets;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

let nextPort = Number(Deno.env.get("BENCH_PORT_BASE") || 0);

/**
 * A free TCP port on 127.0.0.1 for a bench server: the next free one from BENCH_PORT_BASE on (a range of 100
 * kept for the bench on a shared machine), or one the system picks when that is unset.
 */
export function freePort(): number {
  const base = Number(Deno.env.get("BENCH_PORT_BASE") || 0);
  for (; base && nextPort < base + 100; nextPort++) {
    try {
      Deno.listen({ hostname: "127.0.0.1", port: nextPort }).close();
      return nextPort++;
    } catch {
      // in use: try the next one
    }
  }
  if (base) throw new Error(`bench: no free port in ${base}-${base + 99}`);
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

/**
 * Resolves once `url` answers 2xx, asked every 100 ms: a bench server has started. Throws as soon as `child`
 * (the server's process, when given) has exited, or after 60 s.
 */
export async function waitForAnswer(url: string, child?: Deno.ChildProcess): Promise<void> {
  let exited = false;
  child?.status.then(() => exited = true);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) throw new Error(`its process exited before ${url} answered`);
    try {
      const res = await fetch(url);
      await res.body?.cancel();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within 60 s`);
    await sleep(100);
  }
}

/** The app of a bench: api/src/main.ts in a process of its own. */
export interface AppProcess {
  /** `http://127.0.0.1:<port>` */
  base: string;
  pid: number;
  /** SIGTERM, then waits for the exit (the app drains first); nothing when it is gone already. */
  stop(): Promise<void>;
}

/**
 * Starts the app on a free port of 127.0.0.1 (freePort), with `vars` over this process's environment and
 * `denoFlags` before the script (such as `--cpu-prof`); its stdout is dropped, its stderr is this process's.
 * Resolves once GET /api/health answers; a start that fails or takes longer than 60 s is stopped and throws.
 */
export async function startApp(vars: Record<string, string>, denoFlags: string[] = []): Promise<AppProcess> {
  const port = freePort();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", ...denoFlags, "api/src/main.ts"],
    cwd: join(import.meta.dirname!, "..", ".."),
    env: { ...vars, PORT: String(port), HOST: "127.0.0.1" },
    stdin: "null",
    stdout: "null",
    stderr: "inherit",
  }).spawn();
  const app: AppProcess = {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: async () => {
      try {
        child.kill("SIGTERM");
      } catch { /* gone */ }
      await child.status;
    },
  };
  try {
    await waitForAnswer(`${app.base}/api/health`, child);
  } catch (error) {
    await app.stop();
    throw new Error(`bench: the app did not start: ${(error as Error).message}`);
  }
  return app;
}
