/**
 * Random pools at scale (issue 15, decision 0033), on a throwaway PostgreSQL database of its own with a
 * synthetic covered population (BENCH_RANDOM_MEMBERS, default 250,000 members with an active annual membership):
 *   1. build + draw: the snapshot of the covered population, the monthly number and the seeded draw, in one
 *      transaction (runBuild), target ≤ 2 s;
 *   2. verify-draw of that pool (verifyDraw), target ≤ 2 s;
 *   3. candidate PDFs per second (render + store, as the PDF job does), target ≥ 50/s;
 *   4. the zip of those PDFs streamed: bytes and the process's resident memory before and after.
 * `deno task bench` runs it after the HTTP measurements; alone: `deno run -A api/bench/randoms.ts`.
 * Targets are reported, never asserted.
 */
import postgres from "postgres";
import { loadConfig } from "../src/config.ts";
import { i3Simulator } from "../src/integrations/i3/simulator.ts";
import { runPdfs } from "../src/randoms/pdfs.ts";
import { selectedCandidates } from "../src/randoms/queries.ts";
import { createPool, runBuild, runPreorder } from "../src/randoms/service.ts";
import { verifyDraw } from "../src/randoms/verify.ts";
import { zipStream } from "../src/lib/zip.ts";
import { createTestDatabase } from "../src/testing/db.ts";
import { verdict } from "./lib.ts";

export interface RandomSize {
  members: number;
  pdfs: number;
}

export const RANDOMS_FULL: RandomSize = {
  members: Number(Deno.env.get("BENCH_RANDOM_MEMBERS") || 250_000),
  pdfs: Number(Deno.env.get("BENCH_RANDOM_PDFS") || 300),
};
const TARGETS = { buildDrawMs: 2000, verifyMs: 2000, pdfsPerSecond: 50 };

export interface RandomBench {
  members: number;
  selected: number;
  buildDrawMs: number;
  verifyMs: number;
  verifyMatch: boolean;
  pdfsPerSecond: number;
  zipBytes: number;
  zipRssDeltaMb: number;
}

export async function benchRandoms(pgUrl: string, size: RandomSize = RANDOMS_FULL): Promise<RandomBench> {
  const { members: MEMBERS, pdfs: PDFS } = size;
  Deno.env.set("TEST_DATABASE_URL", pgUrl);
  const database = await createTestDatabase();
  const { db } = database;
  // Set-up only: a quarter of a million rows can outlast the 15 s a request's statement may take.
  const setup = postgres(database.url!, { max: 1, onnotice: () => {}, connection: { statement_timeout: 0 } });
  try {
    const now = () => new Date();
    const config = loadConfig();
    const deps = {
      database,
      now,
      config,
      i3: i3Simulator(db, now, { resultDelayMs: 0, fail: "", outcomes: "negative", seed: "bench" }),
    };
    // The synthetic population: users, one business, one paid annual membership each.
    const admin = await db.insertInto("users").values({
      email: "bench-admin@bench.local",
      password_hash: "x",
      first_name: "Bench",
      last_name: "Admin",
      is_admin: true,
    }).returning("id").executeTakeFirstOrThrow();
    const business = await db.insertInto("businesses").values({
      name: "Bench Fleet",
      i3_location_code: "SIM-LOC-BENCH",
      is_i3_setup: true,
    }).returning("id").executeTakeFirstOrThrow();
    await setup`insert into users (email, password_hash, first_name, last_name, member_number)
      select 'mariner' || g || '@bench.local', 'x', 'Mariner', 'No' || g, 'B' || g
      from generate_series(1, ${MEMBERS}::int) g`;
    await setup`insert into memberships (user_id, business_id, type, price_cents, has_expiration, expire_at, starts_at)
      select id, ${business.id}, 'annual', 10500, true, '2099-12-31', '2020-01-01'
      from users where email like '%@bench.local' and id <> ${admin.id}`;
    await setup`analyze`;

    const actor = {
      user: {
        user_id: admin.id,
        session_id: "",
        is_admin: true,
        is_der: false,
        full_name: "Bench Admin",
        second_factor_at: null,
        has_second_factor: false,
      },
      ip: null,
    };
    const poolId = await createPool(deps, actor, 2030, 1);
    let started = performance.now();
    await runBuild(deps, poolId);
    const buildDrawMs = performance.now() - started;
    started = performance.now();
    const report = (await verifyDraw(db, poolId))!;
    const verifyMs = performance.now() - started;

    // The PDF job's own loop (runPdfs) on the first BENCH_RANDOM_PDFS selected candidates. A notice names
    // the i3 order, so only a placed test gets one: the batch gets its test rows as the pre-order job writes
    // them (runPreorder), marked placed as i3's answer would (the order job's i3 calls are not measured here).
    const selected = await selectedCandidates(db, poolId);
    const batch = selected.slice(0, PDFS);
    const keep = new Set(batch.map((c) => c.id));
    await db.updateTable("random_candidates").set({ selected: false }).where("pool_id", "=", poolId)
      .where("selected", "=", true).where("id", "not in", [...keep]).execute();
    await runPreorder(deps, poolId);
    await setup`update drug_tests t
      set status = 'ordered', ordered_at = now(), i3_order_ref = 'BENCH-' || t.id,
          i3_location_code = 'SIM-LOC-BENCH'
      from random_candidates c
      where c.pool_id = ${poolId} and c.selected and c.drug_test_id = t.id`;
    started = performance.now();
    await runPdfs(deps, poolId);
    const pdfsPerSecond = batch.length / ((performance.now() - started) / 1000);
    const [{ made }] = await setup<{ made: number }[]>`
      select count(*)::int as made from random_candidates
      where pool_id = ${poolId} and selected and pdf_document_id is not null`;
    // A step that makes no PDF measures nothing (as once happened when notices began to need a placed test).
    if (made !== batch.length) {
      throw new Error(`bench: randoms: ${made} of ${batch.length} candidate PDFs were made`);
    }

    const docs = await db.selectFrom("random_candidates").select("pdf_document_id").where(
      "pool_id",
      "=",
      poolId,
    )
      .where("pdf_document_id", "is not", null).execute();
    const rssBefore = Deno.memoryUsage().rss;
    let zipBytes = 0;
    const reader = zipStream(docs.map((d) => ({
      name: `${d.pdf_document_id}.pdf`,
      bytes: async () =>
        (await db.selectFrom("documents").select("bytes").where("id", "=", d.pdf_document_id!)
          .executeTakeFirstOrThrow()).bytes,
    }))).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      zipBytes += value.length;
    }
    const zipRssDeltaMb = (Deno.memoryUsage().rss - rssBefore) / 2 ** 20;
    if (zipBytes === 0) throw new Error("bench: randoms: the zip of the candidate PDFs came out empty");
    return {
      members: MEMBERS,
      selected: selected.length,
      buildDrawMs,
      verifyMs,
      verifyMatch: report.match,
      pdfsPerSecond,
      zipBytes,
      zipRssDeltaMb,
    };
  } finally {
    await setup.end({ timeout: 5 });
    await database.drop();
  }
}

export function printRandoms(r: RandomBench): void {
  console.log(
    `\nRandom pools (${r.members.toLocaleString("en-US")} covered members, ${r.selected} selected)`,
  );
  console.log(
    `  build + draw        ${r.buildDrawMs.toFixed(0).padStart(7)} ms   target ≤ ${TARGETS.buildDrawMs} ms  ${
      verdict("random pool build + draw", r.buildDrawMs <= TARGETS.buildDrawMs)
    }`,
  );
  console.log(
    `  verify-draw         ${r.verifyMs.toFixed(0).padStart(7)} ms   target ≤ ${TARGETS.verifyMs} ms  ${
      verdict("random pool verify-draw", r.verifyMs <= TARGETS.verifyMs && r.verifyMatch)
    } (${r.verifyMatch ? "match" : "MISMATCH"})`,
  );
  console.log(
    `  candidate PDFs      ${
      r.pdfsPerSecond.toFixed(0).padStart(7)
    } /s   target ≥ ${TARGETS.pdfsPerSecond}/s    ${
      verdict("candidate PDFs per second", r.pdfsPerSecond >= TARGETS.pdfsPerSecond)
    }`,
  );
  console.log(
    `  zip streamed        ${(r.zipBytes / 2 ** 20).toFixed(1).padStart(7)} MB   resident memory change ${
      r.zipRssDeltaMb.toFixed(1)
    } MB`,
  );
}

if (import.meta.main) {
  printRandoms(
    await benchRandoms(Deno.env.get("BENCH_PG_URL") || "postgres://postgres@127.0.0.1:5432/postgres"),
  );
}
