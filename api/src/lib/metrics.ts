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
}

export function createMetrics(): Metrics {
  const requests = new Map<string, number>();
  const latency = new Map<string, Series>();
  // The label texts of each method, route and status, made once (routes are patterns: a bounded set).
  const labelTexts = new Map<string, { counted: string; timed: string }>();
  return {
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
