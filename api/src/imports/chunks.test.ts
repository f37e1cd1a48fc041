/**
 * The import's set-based chunks (decision 0089) at their edges, on the real chunk sizes: a file one row longer
 * than a chunk with a repeated key and bad rows on both sides of the boundary, the same verdicts from the apply
 * as from the dry run, an apply that dies between chunks and mid-chunk and resumes without doubling, the same
 * file again giving 0 changes, and two companies of one chunk naming the same new DER.
 */
import { createTestContext, type TestContext } from "../testing/app.ts";
import { assertEquals } from "../testing/assert.ts";
import { testClock } from "../testing/clock.ts";
import { createJobRunner } from "../lib/jobs.ts";
import {
  APPLY_QUEUE,
  applyChunk,
  applyImport,
  CHECK_CHUNK,
  CHECK_QUEUE,
  checkImport,
  IMPORT_CHUNK,
} from "./jobs.ts";
import { findBatch } from "./queries.ts";

const HANDLERS = { [CHECK_QUEUE]: checkImport, [APPLY_QUEUE]: applyImport };

async function drain(ctx: TestContext) {
  const runner = createJobRunner(ctx.deps, HANDLERS, {});
  while (await runner.tick() > 0) { /* next job */ }
}

async function batch(ctx: TestContext, id: number) {
  const res = await ctx.request("admin", "GET", `/api/auth/import/${id}`);
  assertEquals(res.status, 200);
  return (await res.json()).data.attributes;
}

/** Every row's [row, dry-run outcome, applied outcome, reason], all pages. */
async function allRows(ctx: TestContext, id: number) {
  const out: [number, string, string | null, string | null][] = [];
  for (let page = 1;; page++) {
    const res = await ctx.request("admin", "GET", `/api/auth/import/${id}/rows?per_page=100&page=${page}`);
    assertEquals(res.status, 200);
    const body = await res.json();
    for (const r of body.data) out.push([r.row_number, r.outcome, r.applied_outcome, r.reason]);
    if (body.data.length === 0 || out.length >= body.meta.total) return out;
  }
}

async function dryRun(ctx: TestContext, kind: string, text: string) {
  const res = await ctx.app.request(`/api/auth/imports?kind=${kind}&file_name=big.csv`, {
    method: "POST",
    headers: { Authorization: `Bearer ${await ctx.tokenFor("admin")}`, "Content-Type": "text/csv" },
    body: new TextEncoder().encode(text),
  });
  const up = await res.json();
  assertEquals(res.status, 201, JSON.stringify(up));
  const check = await ctx.request("admin", "POST", `/api/auth/import/${up.data.id}/check`, {
    mapping: up.suggested_mapping,
  });
  assertEquals(check.status, 200);
  await drain(ctx);
  return up.data.id as number;
}

/**
 * A members file of one chunk and one row (rows 2 … CHUNK + 2): row 2's e-mail repeated by the last row (the
 * next chunk), the chunk's last row refused for its e-mail, its row before naming an unknown employer.
 */
function membersFile(prefix: string) {
  const lines = ["email,member_number,first_name,last_name,employer_ein"];
  const last = IMPORT_CHUNK + 2;
  for (let row = 2; row <= last; row++) {
    const email = row === last
      ? `${prefix}2@example.com`
      : row === last - 1
      ? "not-an-email"
      : `${prefix}${row}@example.com`;
    const ein = row === last - 2 ? "55-5555555" : "";
    lines.push(`${email},${prefix.toUpperCase()}-${row},First${row},Last${row},${ein}`);
  }
  return lines.join("\r\n") + "\r\n";
}

Deno.test("imports in chunks: the boundary, a crash between chunks, the same file again", async (t) => {
  const clock = testClock("2026-12-07T15:00:00Z");
  const ctx = await createTestContext({ now: clock.now });
  const { db } = ctx.database;
  const last = IMPORT_CHUNK + 2;
  const count = async (like: string) =>
    Number(
      (await db.selectFrom("users").select((eb) => eb.fn.countAll<string>().as("n")).where(
        "email",
        "like",
        like,
      )
        .executeTakeFirstOrThrow()).n,
    );
  try {
    assertEquals(CHECK_CHUNK, IMPORT_CHUNK, "the dry run and the apply cut the file at the same rows");

    await t.step(
      "a file one row longer than a chunk: the same verdicts in the dry run and the apply",
      async () => {
        const id = await dryRun(ctx, "members", membersFile("a"));
        const b = await batch(ctx, id);
        assertEquals([b.rows_total, b.created, b.errors], [IMPORT_CHUNK + 1, IMPORT_CHUNK - 2, 3]);
        const res = await ctx.request("admin", "POST", `/api/auth/import/${id}/apply`);
        assertEquals(res.status, 200);
        await drain(ctx);
        const done = await batch(ctx, id);
        assertEquals([done.status, done.rows_done, done.created, done.errors], [
          "applied",
          IMPORT_CHUNK + 1,
          IMPORT_CHUNK - 2,
          3,
        ]);
        const rows = await allRows(ctx, id);
        assertEquals(rows.length, IMPORT_CHUNK + 1);
        assertEquals(
          rows.filter(([, outcome, applied]) => outcome !== applied),
          [],
          "apply = dry run, row by row",
        );
        assertEquals(
          rows.filter(([, o]) => o === "error").map(([n, , , reason]) => [n, reason!.split(":")[0]]),
          [
            [last - 2, "employer_ein"],
            [last - 1, "email"],
            [last, "email"],
          ],
        );
        assertEquals(rows.at(-1)![3], "email: a2@example.com appears twice in this file (row 2)");
        assertEquals(await count("a%@example.com"), IMPORT_CHUNK - 2, "each person once");
        const link = await db.selectFrom("users").select("member_number").where(
          "email",
          "=",
          "a2@example.com",
        )
          .executeTakeFirstOrThrow();
        assertEquals(link.member_number, "A-2", "the first row of a repeated key is the one applied");
      },
    );

    await t.step(
      "an apply that dies between chunks and in the next one resumes without doubling",
      async () => {
        const id = await dryRun(ctx, "members", membersFile("b"));
        const res = await ctx.request("admin", "POST", `/api/auth/import/${id}/apply`);
        assertEquals(res.status, 200);
        const b = (await findBatch(db, id))!;
        // The first chunk commits; the process then dies in the middle of the second one (its transaction never
        // commits), before the job ends.
        await db.transaction().execute((trx) => applyChunk(trx, b));
        assertEquals((await batch(ctx, id)).rows_done, IMPORT_CHUNK);
        await db.transaction().execute(async (trx) => {
          await applyChunk(trx, b);
          throw new Error("the process died");
        }).catch(() => {});
        assertEquals((await batch(ctx, id)).rows_done, IMPORT_CHUNK, "the dead chunk left nothing");
        assertEquals(await count("b%@example.com"), IMPORT_CHUNK - 2);
        await drain(ctx); // the job, claimed again after the restart
        const done = await batch(ctx, id);
        assertEquals([done.status, done.rows_done, done.created, done.errors], [
          "applied",
          IMPORT_CHUNK + 1,
          IMPORT_CHUNK - 2,
          3,
        ]);
        assertEquals(await count("b%@example.com"), IMPORT_CHUNK - 2, "nobody twice");
      },
    );

    await t.step("the same file again: 0 changes in the dry run and in the apply", async () => {
      const id = await dryRun(ctx, "members", membersFile("a"));
      const b = await batch(ctx, id);
      assertEquals([b.created, b.updated, b.unchanged, b.errors], [0, 0, IMPORT_CHUNK - 2, 3]);
      const res = await ctx.request("admin", "POST", `/api/auth/import/${id}/apply`);
      assertEquals(res.status, 200);
      await drain(ctx);
      const done = await batch(ctx, id);
      assertEquals([done.created, done.updated, done.unchanged, done.errors], [0, 0, IMPORT_CHUNK - 2, 3]);
    });

    await t.step(
      "two companies of one chunk naming the same new DER: one person, owner of both",
      async () => {
        const id = await dryRun(
          ctx,
          "companies",
          "ein,name,der_email,der_first_name,der_last_name\r\n" +
            "31-0000001,One Boats LLC,shared@der.example,Sam,Shore\r\n" +
            "31-0000002,Two Boats LLC,shared@der.example,Sam,Shore\r\n",
        );
        const res = await ctx.request("admin", "POST", `/api/auth/import/${id}/apply`);
        assertEquals(res.status, 200);
        await drain(ctx);
        assertEquals((await batch(ctx, id)).created, 2);
        const owners = await db.selectFrom("businesses as b").innerJoin("users as u", "u.id", "b.der_user_id")
          .innerJoin(
            "business_users as bu",
            (j) => j.onRef("bu.business_id", "=", "b.id").onRef("bu.user_id", "=", "u.id"),
          )
          .select(["u.id", "u.is_der", "bu.is_owner"]).where("u.email", "=", "shared@der.example").execute();
        assertEquals(owners.length, 2);
        assertEquals(
          new Set(owners.map((o) => o.id)).size,
          1,
        );
        assertEquals(owners.every((o) => o.is_der && o.is_owner), true);
        const back = await ctx.request("admin", "POST", `/api/auth/import/${id}/rollback`);
        assertEquals(back.status, 200, await back.clone().text());
        assertEquals(await count("shared@der.example"), 0);
      },
    );
  } finally {
    await ctx.close();
  }
});
