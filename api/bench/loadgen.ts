/**
 * HTTP load generator, run as its own process so its CPU is accounted apart from the server's.
 *
 * Closed loop: `concurrency` connections, each sends a request, waits for the answer, sends the next.
 * Open loop: requests are scheduled at a constant rate (request i at start + i/rate) whatever the server does;
 * a request waits for a free connection if all are busy, and its latency is measured from its *scheduled*
 * time, so queueing shows up in the figures instead of slowing the generator down (no coordinated omission).
 *
 * Two clients: `raw` speaks HTTP/1.1 over Deno.connect (keep-alive, no pipelining, minimal parsing) and
 * `fetch` uses Deno's fetch with its keep-alive pool. Only answers completed inside the window after the
 * warm-up are counted. The job comes as JSON in BENCH_JOB; the result is printed as one JSON line.
 */
import { cpuReport, cpuSnapshot, type Measurement, Recorder, sleep, type Watch } from "./lib.ts";

export interface LoadJob {
  /** One server, or one address per worker of a server: connection i then goes to url[i % url.length]. */
  url: string | string[];
  headers?: Record<string, string>;
  mode: "closed" | "open";
  client: "raw" | "fetch";
  concurrency: number;
  /** Open loop only: requests per second. */
  rate?: number;
  warmupSeconds: number;
  seconds: number;
  watch: Watch;
}

interface Client {
  /** Sends one GET and resolves with the status once the whole answer has arrived. */
  get(): Promise<number>;
  close(): void;
}

const CRLFCRLF = [13, 10, 13, 10];
const latin1 = new TextDecoder("latin1");

/** One keep-alive HTTP/1.1 connection; one request at a time. */
class RawClient implements Client {
  #conn: Deno.TcpConn;
  #request: Uint8Array;
  #buf = new Uint8Array(16 * 1024);

  private constructor(conn: Deno.TcpConn, request: Uint8Array) {
    this.#conn = conn;
    this.#request = request;
  }

  static async open(url: URL, headers: Record<string, string>): Promise<RawClient> {
    const conn = await Deno.connect({ hostname: url.hostname, port: Number(url.port) });
    conn.setNoDelay(true);
    const lines = [`GET ${url.pathname}${url.search} HTTP/1.1`, `Host: ${url.host}`];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    return new RawClient(conn, new TextEncoder().encode(lines.join("\r\n") + "\r\n\r\n"));
  }

  async get(): Promise<number> {
    for (let sent = 0; sent < this.#request.length;) {
      sent += await this.#conn.write(this.#request.subarray(sent));
    }
    let length = 0, headerEnd = -1, total = -1, chunked = false, status = 0;
    while (true) {
      if (length === this.#buf.length) {
        const bigger = new Uint8Array(this.#buf.length * 2);
        bigger.set(this.#buf);
        this.#buf = bigger;
      }
      const n = await this.#conn.read(this.#buf.subarray(length));
      if (n === null) throw new Error("connection closed by the server");
      const from = Math.max(0, length - 3);
      length += n;
      if (headerEnd < 0) {
        headerEnd = indexOf(this.#buf, CRLFCRLF, from, length);
        if (headerEnd < 0) continue;
        const head = latin1.decode(this.#buf.subarray(0, headerEnd)).toLowerCase();
        status = Number(head.slice(9, 12));
        const match = /\r\ncontent-length: *(\d+)/.exec(head);
        if (match) total = headerEnd + 4 + Number(match[1]);
        else if (/\r\ntransfer-encoding: *chunked/.test(head)) chunked = true;
        else throw new Error("answer without a length (the bench needs keep-alive)");
      }
      if (total >= 0 && length >= total) {
        if (length > total) throw new Error("more bytes than the answer announced");
        return status;
      }
      // A chunked body ends with a zero-length chunk; enough for the small answers measured here.
      if (chunked && length >= headerEnd + 9 && endsWith(this.#buf, length, "\r\n0\r\n\r\n")) return status;
    }
  }

  close(): void {
    try {
      this.#conn.close();
    } catch {
      // already closed
    }
  }
}

function indexOf(buf: Uint8Array, needle: number[], from: number, end: number): number {
  outer: for (let i = from; i <= end - needle.length; i++) {
    for (let j = 0; j < needle.length; j++) if (buf[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

function endsWith(buf: Uint8Array, end: number, text: string): boolean {
  for (let i = 0; i < text.length; i++) if (buf[end - text.length + i] !== text.charCodeAt(i)) return false;
  return true;
}

/** fetch with Deno's own keep-alive pool; the body is read to the end so the connection is reused. */
class FetchClient implements Client {
  constructor(private url: string, private headers: Record<string, string>) {}
  async get(): Promise<number> {
    const res = await fetch(this.url, { headers: this.headers });
    await res.arrayBuffer();
    return res.status;
  }
  close(): void {}
}

async function openClients(job: LoadJob, count: number): Promise<Client[]> {
  const urls = typeof job.url === "string" ? [job.url] : job.url;
  const headers = job.headers ?? {};
  const clients: Client[] = [];
  for (let i = 0; i < count; i++) {
    const url = urls[i % urls.length];
    clients.push(
      job.client === "raw" ? await RawClient.open(new URL(url), headers) : new FetchClient(url, headers),
    );
  }
  return clients;
}

export async function runLoad(job: LoadJob): Promise<Measurement> {
  const clients = await openClients(job, job.concurrency);
  const recorder = new Recorder();
  let requests = 0, errors = 0;
  const start = performance.now();
  const windowStart = start + job.warmupSeconds * 1000;
  const windowEnd = windowStart + job.seconds * 1000;
  let cpuBefore: Record<string, number> = {};
  let cpuAfter: Record<string, number> = {};
  const marks = (async () => {
    await sleep(windowStart - performance.now());
    cpuBefore = cpuSnapshot(job.watch);
    await sleep(windowEnd - performance.now());
    cpuAfter = cpuSnapshot(job.watch);
  })();

  // Closed loop counts the answers that arrive inside the window; open loop counts the requests scheduled
  // inside it (and waits for their answers), so a slow answer to an in-window request is never dropped.
  const record = (scheduled: number, status: number) => {
    const done = performance.now();
    const at = job.mode === "closed" ? done : scheduled;
    if (at < windowStart || at > windowEnd) return;
    if (status >= 200 && status < 300) {
      requests++;
      recorder.add(done - scheduled);
    } else errors++;
  };

  let unfinished = 0;
  if (job.mode === "closed") {
    await Promise.all(clients.map(async (client) => {
      while (performance.now() < windowEnd) {
        const sent = performance.now();
        let status = 0;
        try {
          status = await client.get();
        } catch {
          status = 0;
        }
        record(sent, status);
      }
    }));
  } else {
    // Request i is due at start + i * interval. A ticker releases every due request; an idle connection takes
    // the oldest due one at once, and a connection that finishes takes the next due one before going idle.
    // Requests scheduled inside the window are still sent after it ends (they queued behind slow answers);
    // whatever is still unsent 10 s after the window is reported as unfinished.
    const interval = 1000 / (job.rate ?? 1);
    const last = Math.ceil((windowEnd - start) / interval) - 1; // the last request scheduled before windowEnd
    const giveUp = windowEnd + 10_000;
    let next = 0; // first request not yet sent
    const idle: Client[] = [...clients];
    const due = () => next <= last && start + next * interval <= performance.now();
    const drive = async (client: Client) => {
      while (due() && performance.now() < giveUp) {
        const scheduled = start + next++ * interval;
        let status = 0;
        try {
          status = await client.get();
        } catch {
          status = 0;
        }
        record(scheduled, status);
      }
      idle.push(client);
    };
    while (next <= last && performance.now() < giveUp) {
      while (idle.length && due()) drive(idle.pop()!);
      await sleep(1);
    }
    unfinished = last + 1 - next; // scheduled in the window but never sent: the server fell far behind
    while (idle.length < clients.length) await sleep(1); // the answers to requests already sent
  }
  await marks;
  for (const client of clients) client.close();
  return {
    requests,
    errors,
    rate: requests / job.seconds,
    seconds: job.seconds,
    ...recorder.summary(),
    ...cpuReport(cpuBefore, cpuAfter, requests, job.seconds),
    ...(job.mode === "open" ? { targetRate: job.rate, unfinished } : {}),
  };
}

if (import.meta.main) {
  const job = JSON.parse(Deno.env.get("BENCH_JOB") ?? "null") as LoadJob | null;
  if (!job) throw new Error("BENCH_JOB (JSON) is required");
  console.log(JSON.stringify(await runLoad(job)));
  Deno.exit(0);
}
