/**
 * `deno task bench` (issue 36): the administrators' import at scale. On a database of its own, in process:
 *   1. a members file of BENCH_IMPORT_MEMBERS rows (default 250,000) and a drug-test file of
 *      BENCH_IMPORT_TESTS rows (default 1,000,000) are generated as streams (never whole in memory) and
 *      uploaded through the import's own upload (streamed to storage, hashed on the way);
 *   2. each goes through the dry run (staging rows inserted 1,000 per statement) and the apply (500 rows per
 *      transaction), run by the job runner as the server runs them;
 *   3. printed: rows/s of each phase, the whole time, and the process's peak resident memory (sampled every
 *      100 ms) over its value before the first upload. Target (issue 36): both files in 10 minutes or less with
 *      memory flat. Reported, never asserted.
 * Alone: `deno run -A api/bench/imports.ts` (BENCH_PG_URL, BENCH_IMPORT_MEMBERS, BENCH_IMPORT_TESTS).
 */
import { createTestContext, type TestContext } from "../src/testing/app.ts";
import { createJobRunner } from "../src/lib/jobs.ts";
import { APPLY_QUEUE, applyImport, CHECK_QUEUE, checkImport } from "../src/imports/jobs.ts";
import {
  applyImport as startApply,
  checkImport as startCheck,
  uploadImport,
} from "../src/imports/service.ts";
import { suggestMapping } from "../src/imports/fields.ts";
import type { ImportKind } from "../src/db/types.ts";
import { verdict } from "./lib.ts";

export const IMPORT_FULL = {
  members: Number(Deno.env.get("BENCH_IMPORT_MEMBERS") || 250_000),
  tests: Number(Deno.env.get("BENCH_IMPORT_TESTS") || 1_000_000),
};
const ADMIN_URL = Deno.env.get("BENCH_PG_URL") || "postgres://postgres@127.0.0.1:5432/postgres";

/** A CSV file as a stream of 1,000-line chunks from `line(i)`. */
function csv(header: string, rows: number, line: (i: number) => string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let i = 0;
  return new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(encoder.encode(header + "\r\n"));
    },
    pull(c) {
      if (i >= rows) return c.close();
      const lines: string[] = [];
      for (const end = Math.min(rows, i + 1000); i < end; i++) lines.push(line(i));
      c.enqueue(encoder.encode(lines.join("\r\n") + "\r\n"));
    },
  });
}

const REASONS = ["Pre-employment", "Random", "Follow-up", "Periodic"];
const RESULTS = ["Passed", "Passed", "Passed", "Not passed", "Refusal"];
const pad = (n: number) => String(n).padStart(7, "0");

export interface ImportBenchResult {
  phases: { name: string; rows: number; seconds: number }[];
  totalSeconds: number;
  peakRssGrowthMb: number;
}

export async function benchImports(sizes = IMPORT_FULL, print = true): Promise<ImportBenchResult> {
  const previous = Deno.env.get("TEST_DATABASE_URL");
  Deno.env.set("TEST_DATABASE_URL", ADMIN_URL);
  let ctx: TestContext | undefined;
  const baseline = Deno.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => peak = Math.max(peak, Deno.memoryUsage().rss), 100);
  const phases: ImportBenchResult["phases"] = [];
  const started = performance.now();
  try {
    ctx = await createTestContext();
    const deps = ctx.deps;
    const admin = await deps.database.db.selectFrom("users").select([
      "id",
      "email",
      "first_name",
      "last_name",
    ])
      .where("id", "=", ctx.users.admin.id).executeTakeFirstOrThrow();
    const actor = {
      user: { user_id: admin.id, email: admin.email, is_admin: true } as unknown as Parameters<
        typeof uploadImport
      >[1]["user"],
      ip: null,
    };
    const runner = createJobRunner(deps, { [CHECK_QUEUE]: checkImport, [APPLY_QUEUE]: applyImport }, {});
    const drain = async () => {
      while (await runner.tick() > 0) { /* next */ }
    };
    const timed = async (name: string, rows: number, fn: () => Promise<unknown>) => {
      const t = performance.now();
      await fn();
      const seconds = (performance.now() - t) / 1000;
      phases.push({ name, rows, seconds });
      if (print) console.log(`bench imports: ${name}: ${rows} rows in ${seconds.toFixed(1)} s`);
    };
    const run = async (kind: ImportKind, rows: number, body: ReadableStream<Uint8Array>) => {
      let id = 0;
      await timed(`${kind} upload`, rows, async () => {
        const up = await uploadImport(deps, actor, { kind, file_name: `${kind}.csv` }, body);
        id = up.data.id;
        await startCheck(deps, actor, id, {
          mapping: suggestMapping(kind, up.data.attributes.header),
          date_format: "YYYY-MM-DD",
          phone_format: "as_written",
        });
      });
      await timed(`${kind} dry run`, rows, drain);
      await timed(`${kind} apply`, rows, async () => {
        await startApply(deps, actor, id);
        await drain();
      });
      const b = await deps.database.db.selectFrom("import_batches").select([
        "status",
        "created",
        "errors",
        "error",
      ])
        .where("id", "=", id).executeTakeFirstOrThrow();
      if (b.status !== "applied" || b.errors > 0 || b.created !== rows) {
        throw new Error(
          `bench imports: ${kind}: ${b.status} ${b.error ?? ""}, ${b.created} created, ${b.errors} errors`,
        );
      }
    };
    await run(
      "members",
      sizes.members,
      csv(
        "email,member_number,first_name,last_name,ssn_last4",
        sizes.members,
        (i) => `bench${pad(i)}@import.example,B-${pad(i)},First${i % 97},Last${i % 89},${pad(i).slice(-4)}`,
      ),
    );
    await run(
      "drug_tests",
      sizes.tests,
      csv(
        "i3_reference,member_email,reason,collected_on,result",
        sizes.tests,
        (i) =>
          `BENCH-${pad(i)},bench${pad(i % sizes.members)}@import.example,${REASONS[i % 4]},2025-${
            String(1 + i % 12).padStart(2, "0")
          }-${String(1 + i % 28).padStart(2, "0")},${RESULTS[i % 5]}`,
      ),
    );
  } finally {
    clearInterval(sampler);
    await ctx?.close();
    if (previous === undefined) Deno.env.delete("TEST_DATABASE_URL");
    else Deno.env.set("TEST_DATABASE_URL", previous);
  }
  const totalSeconds = (performance.now() - started) / 1000;
  const peakRssGrowthMb = (peak - baseline) / 1024 / 1024;
  if (print) {
    console.log("\nimport phase            rows      s     rows/s");
    for (const p of phases) {
      console.log(
        `${p.name.padEnd(20)} ${String(p.rows).padStart(8)} ${p.seconds.toFixed(1).padStart(6)} ${
          Math.round(p.rows / p.seconds).toString().padStart(9)
        }`,
      );
    }
    console.log(
      `import total: ${totalSeconds.toFixed(0)} s (target <= 600 s, ${
        verdict("import total", totalSeconds <= 600)
      }); peak RSS growth ${peakRssGrowthMb.toFixed(0)} MB`,
    );
  }
  return { phases, totalSeconds, peakRssGrowthMb };
}

if (import.meta.main) await benchImports();
