/**
 * Prometheus metrics in the text exposition format, served at /api/metrics behind METRICS_TOKEN. Request
 * counts and latency histograms are kept per process (Prometheus scrapes every replica and sums them); the
 * job queue and the mail outbox are read from the database at scrape time, so any replica answers them whole.
 */
import type { Kysely } from "kysely";
import type { DB } from "../db/types.ts";

/** Upper bounds of the latency buckets, in seconds. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Series {
  count: number;
  sum: number;
  buckets: number[];
}

export interface Metrics {
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** The request metrics in the text format. */
  render(): string;
  /**
   * With several workers in this process (decision 0094): from now on `renderEveryWorker` sums every worker's
   * text (`own`: this worker's request metrics and session cache), asked for over a BroadcastChannel.
   */
  shareAcross(workers: number, own: () => string): void;
  /** `own()`'s text summed with every other worker's (theirs within a second); just `own()` with one worker. */
  renderEveryWorker(own: () => string): Promise<string>;
}

const CHANNEL = "apca-worker-metrics";
type MetricsMessage = { ask: string } | { answer: string; text: string };

export function createMetrics(): Metrics {
  const requests = new Map<string, number>();
  const latency = new Map<string, Series>();
  // The label texts of each method, route and status, made once (routes are patterns: a bounded set).
  const labelTexts = new Map<string, { counted: string; timed: string }>();
  let others: { count: number; channel: BroadcastChannel; waiting: Map<string, string[]> } | undefined;
  const answered = new Map<string, () => void>();
  return {
    shareAcross(workers, own) {
      if (workers <= 1 || others) return;
      const channel = new BroadcastChannel(CHANNEL);
      others = { count: workers - 1, channel, waiting: new Map() };
      const { waiting } = others;
      channel.onmessage = ({ data }: MessageEvent<MetricsMessage>) => {
        if ("ask" in data) {
          return channel.postMessage({ answer: data.ask, text: own() } satisfies MetricsMessage);
        }
        const texts = waiting.get(data.answer);
        texts?.push(data.text);
        if (texts?.length === workers - 1) answered.get(data.answer)?.();
      };
    },
    async renderEveryWorker(own) {
      if (!others) return own();
      const ask = crypto.randomUUID();
      const texts: string[] = [];
      const { channel, waiting } = others;
      waiting.set(ask, texts);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, 1000);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        answered.set(ask, done);
        channel.postMessage({ ask } satisfies MetricsMessage);
      });
      waiting.delete(ask);
      answered.delete(ask);
      return sumSeries([own(), ...texts]);
    },
    observeRequest(method, route, status, seconds) {
      const key = `${status} ${method} ${route}`;
      let texts = labelTexts.get(key);
      if (!texts) {
        texts = {
          counted: labels({ method, route, status: String(status) }),
          timed: labels({ method, route }),
        };
        labelTexts.set(key, texts);
      }
      const { counted, timed } = texts;
      requests.set(counted, (requests.get(counted) ?? 0) + 1);
      let s = latency.get(timed);
      if (!s) latency.set(timed, s = { count: 0, sum: 0, buckets: BUCKETS.map(() => 0) });
      s.count++;
      s.sum += seconds;
      BUCKETS.forEach((le, i) => {
        if (seconds <= le) s.buckets[i]++;
      });
    },
    render() {
      const lines = [
        "# HELP apca_http_requests_total Requests answered, by method, route pattern and status.",
        "# TYPE apca_http_requests_total counter",
        ...[...requests].map(([l, n]) => `apca_http_requests_total{${l}} ${n}`),
        "# HELP apca_http_request_duration_seconds Time to answer, by method and route pattern.",
        "# TYPE apca_http_request_duration_seconds histogram",
      ];
      for (const [l, s] of latency) {
        BUCKETS.forEach((le, i) =>
          lines.push(`apca_http_request_duration_seconds_bucket{${l},le="${le}"} ${s.buckets[i]}`)
        );
        lines.push(`apca_http_request_duration_seconds_bucket{${l},le="+Inf"} ${s.count}`);
        lines.push(`apca_http_request_duration_seconds_sum{${l}} ${s.sum}`);
        lines.push(`apca_http_request_duration_seconds_count{${l}} ${s.count}`);
      }
      return lines.join("\n") + "\n";
    },
  };
}

/**
 * Prometheus texts of several workers as one: the same series (name and labels) added up, each family's lines
 * kept together under its HELP and TYPE. Counters and histograms sum; the session cache's `live` gauge becomes
 * the number of workers whose cache is live.
 */
export function sumSeries(texts: string[]): string {
  const families = new Map<string, { head: string[]; series: Map<string, number> }>();
  for (const text of texts) {
    let family = families.get("");
    for (const line of text.split("\n")) {
      if (!line) continue;
      if (line.startsWith("# HELP ")) {
        const name = line.split(" ")[2];
        family = families.get(name);
        if (!family) families.set(name, family = { head: [line], series: new Map() });
        continue;
      }
      if (!family) families.set("", family = { head: [], series: new Map() });
      if (line.startsWith("#")) {
        if (!family.head.includes(line)) family.head.push(line);
        continue;
      }
      const space = line.lastIndexOf(" ");
      const key = line.slice(0, space);
      family.series.set(key, (family.series.get(key) ?? 0) + Number(line.slice(space + 1)));
    }
  }
  const lines: string[] = [];
  for (const { head, series } of families.values()) {
    lines.push(...head, ...[...series].map(([key, value]) => `${key} ${value}`));
  }
  return lines.join("\n") + "\n";
}

const escape = (v: string) => v.replaceAll("\\", "\\\\").replaceAll('"', '\\"').replaceAll("\n", "\\n");
const labels = (l: Record<string, string>) =>
  Object.entries(l).map(([k, v]) => `${k}="${escape(v)}"`).join(",");

/** The shared gauges, read from the database: jobs waiting and failed per queue, mail waiting to be sent. */
export async function renderQueueMetrics(db: Kysely<DB>, now: Date): Promise<string> {
  const jobs = await db.selectFrom("jobs")
    .select((eb) => [
      "queue",
      eb.fn.countAll<number>().filterWhere("finished_at", "is", null).filterWhere("run_at", "<=", now).as(
        "due",
      ),
      eb.fn.countAll<number>().filterWhere("failed", "=", true).as("failed"),
    ])
    .groupBy("queue").orderBy("queue").execute();
  const outbox = await db.selectFrom("email_outbox").select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "in", ["queued", "sending"]).executeTakeFirstOrThrow();
  return [
    "# HELP apca_jobs_due Jobs due and not finished, by queue.",
    "# TYPE apca_jobs_due gauge",
    ...jobs.map((j) => `apca_jobs_due{${labels({ queue: j.queue })}} ${Number(j.due)}`),
    "# HELP apca_jobs_failed Jobs given up as failed (kept until deleted), by queue.",
    "# TYPE apca_jobs_failed gauge",
    ...jobs.map((j) => `apca_jobs_failed{${labels({ queue: j.queue })}} ${Number(j.failed)}`),
    "# HELP apca_mail_outbox_backlog Mails not yet sent.",
    "# TYPE apca_mail_outbox_backlog gauge",
    `apca_mail_outbox_backlog ${Number(outbox.n)}`,
  ].join("\n") + "\n";
}
