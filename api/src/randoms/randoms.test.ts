/**
 * Random pools end to end on the API: create (the commitment shown, the seed hidden), build (snapshot and
 * draw on the job queue), pre-order, order through the i3 simulator, PDFs 'Ready', the zip, exempt and
 * substitute with reasons, completion from the results sync, verify (and what a changed snapshot or seed
 * does to it), the yearly rate, crashes after the draw and half-way through the orders, and the roles.
 */
import { setUpBusinessInI3 } from "../drug-tests/service.ts";
import type { I3Simulator } from "../integrations/i3/simulator.ts";
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext, type TestContext } from "../testing/app.ts";
import { assertRoleAnswers } from "../testing/roles.ts";
import { commitmentOf } from "./draw.ts";
import { PoolAnswer, PoolListAnswer } from "./schemas.ts";
import { runBuild, runOrder } from "./service.ts";
import { snapshotOf } from "./queries.ts";
import { seed } from "../seed.ts";
import { coveredMember, poolHarness } from "./test-helpers.ts";

const COVERED = 40;

async function populate(ctx: TestContext) {
  const { db } = ctx.database;
  const fleet = ctx.users.der.businessId;
  await setUpBusinessInI3(ctx.deps, fleet);
  for (let i = 0; i < COVERED; i++) await coveredMember(db, i, fleet);
  // Not covered: cancelled, expired, paused, one-time.
  await coveredMember(db, 100, fleet, { cancelled_at: new Date("2024-01-01T00:00:00Z") });
  await coveredMember(db, 101, fleet, { expire_at: "2021-01-01" });
  const paused = await coveredMember(db, 102, fleet);
  await db.insertInto("membership_pauses").values({
    membership_id: paused.membershipId,
    reason: "Currently out of season",
  })
    .execute();
  await coveredMember(db, 103, fleet, { type: "one_time" });
}

Deno.test("random pools", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  const { runner, pool, candidates, verify } = poolHarness(ctx);
  try {
    await populate(ctx);

    await t.step("roles: administrators only; anonymous 401", async () => {
      const cases: [string, string, unknown?][] = [
        ["GET", "/api/auth/randoms"],
        ["GET", "/api/auth/randoms/999999"],
        ["POST", "/api/auth/randoms/999999/build"],
        ["POST", "/api/auth/randoms/999999/order"],
        ["POST", "/api/auth/randoms/999999/release", {}],
        ["GET", "/api/auth/randoms/999999/candidates"],
        ["GET", "/api/auth/randoms/999999/verify"],
        ["POST", "/api/auth/randoms/999999/candidates/1/exempt", { reason: "x" }],
        ["POST", "/api/auth/randoms/999999/candidates/1/substitute", { reason: "x" }],
        ["GET", "/api/auth/randoms/999999/zip"],
        ["GET", "/api/auth/randoms/999999/candidates/1/pdf"],
        ["PUT", "/api/auth/random-rates/2030", { rate_percent: 50 }],
      ];
      const create = await ctx.request("member", "POST", "/api/auth/randoms", { year: 2026, month: 1 });
      assertEquals(create.status, 403);
      await create.body?.cancel();
      for (const [method, path, body] of cases) {
        const res = await ctx.request("admin", method, path, body);
        const adminStatus = res.status;
        await res.body?.cancel();
        assertOk(adminStatus !== 403 && adminStatus !== 401, `${method} ${path} as admin: ${adminStatus}`);
        await assertRoleAnswers(ctx, {
          method,
          path,
          body: () => body,
          expect: {
            anonymous: 401,
            member: 403,
            otherMember: 403,
            otherDer: 403,
            der: 403,
            admin: adminStatus,
          },
        });
      }
    });

    let id = 0;
    await t.step(
      "create: a draft with its commitment shown and its seed hidden; one pool a month",
      async () => {
        const res = await ctx.request("admin", "POST", "/api/auth/randoms", { year: 2026, month: 3 });
        assertEquals(res.status, 201);
        const p = PoolAnswer.parse(await res.json()).data;
        id = p.id;
        assertEquals([p.status, p.seed, p.rate_percent, p.actual_candidates_number], ["draft", null, 50, 0]);
        assertOk(/^[0-9a-f]{64}$/.test(p.commitment!));
        const again = await ctx.request("admin", "POST", "/api/auth/randoms", { year: 2026, month: 3 });
        assertEquals(again.status, 409);
        assertEquals((await again.json()).error, "A random pool for this month already exists.");
        const bad = await ctx.request("admin", "POST", "/api/auth/randoms", { year: 2026 });
        assertEquals(bad.status, 422);
        assertEquals((await bad.json()).error, "Month is required");
      },
    );

    await t.step(
      "build: snapshot of the covered, the draw, the seed revealed, then pre-ordered",
      async () => {
        const res = await ctx.request("admin", "POST", `/api/auth/randoms/${id}/build`);
        assertEquals(PoolAnswer.parse(await res.json()).data.status, "building");
        const twice = await ctx.request("admin", "POST", `/api/auth/randoms/${id}/build`);
        assertEquals(twice.status, 409);
        await twice.body?.cancel();
        await runner.tick();
        const p = await pool(id);
        assertEquals(p.status, "preordered");
        assertEquals(
          p.covered_count,
          COVERED,
          "cancelled, expired, paused and one-time members are not covered",
        );
        // March, 50 %: ceil(40 * 50 %) = 20 for the year over 10 months left → 2.
        assertEquals([p.target_count, p.actual_candidates_number], [2, 2]);
        assertEquals(commitmentOf(p.seed!), p.commitment);
        const list = await candidates(id);
        assertEquals(list.filter((c) => c.role === "selected").length, 2);
        assertOk(list.some((c) => c.role === "alternate"), "alternates drawn in order");
        assertOk(list.filter((c) => c.role === "selected").every((c) => c.test?.status === "pending"));
      },
    );

    await t.step("verify: the stored draw re-derives (match)", async () => {
      const v = await verify(id);
      assertEquals(v.match, true, v.mismatches.join("; "));
      assertEquals(v.checks, { commitment: true, snapshot: true, selection: true });
    });

    await t.step("order: a crash half-way resumes with no second order", async () => {
      const res = await ctx.request("admin", "POST", `/api/auth/randoms/${id}/order`);
      assertEquals(PoolAnswer.parse(await res.json()).data.status, "ordering");
      let threw = false;
      try {
        await runOrder(ctx.deps, id, {
          afterOrder: (n) => {
            if (n === 1) throw new Error("injected crash");
          },
        });
      } catch {
        threw = true;
      }
      assertOk(threw);
      await runner.tick();
      await runner.tick();
      const p = await pool(id);
      assertEquals(p.status, "built");
      const orders = await db.selectFrom("i3_sim_orders").select("client_ref").execute();
      assertEquals(orders.length, 2, "one i3 order per selected candidate");
      assertEquals(new Set(orders.map((o) => o.client_ref)).size, 2);
      assertEquals([p.pdf_download_status, p.pdf_ready_candidate_total], ["Ready", 2]);
    });

    await t.step("downloads: each PDF and one zip of all", async () => {
      const list = (await candidates(id)).filter((c) => c.role === "selected");
      const pdf = await ctx.request("admin", "GET", `/api/auth/randoms/${id}/candidates/${list[0].id}/pdf`);
      assertEquals(pdf.headers.get("Content-Type"), "application/pdf");
      assertEquals(new TextDecoder().decode((await pdf.bytes()).slice(0, 5)), "%PDF-");
      const zip = await ctx.request("admin", "GET", `/api/auth/randoms/${id}/zip`);
      assertEquals(zip.headers.get("Content-Type"), "application/zip");
      const bytes = await zip.bytes();
      assertEquals([bytes[0], bytes[1]], [0x50, 0x4b]);
      const end = new DataView(bytes.buffer, bytes.byteOffset + bytes.length - 22);
      assertEquals(end.getUint16(10, true), 2, "two entries");
      // Each selected member has both looks recorded on them (decision 0093): the one PDF, then the zip.
      const looks = await db.selectFrom("audit_log").select(["entity_id", "detail"])
        .where("action", "=", "member_record.notice_download").orderBy("id").execute();
      assertEquals(
        looks.map((l) => l.entity_id),
        [list[0].user_id, ...list.map((c) => c.user_id)].map(String),
      );
      assertEquals((looks[0].detail as { by: string }).by, "administrator");
    });

    await t.step(
      "exempt: a reason is required; exempt_candidate_total counts it; the pool completes",
      async () => {
        const [first] = (await candidates(id)).filter((c) => c.role === "selected");
        const none = await ctx.request(
          "admin",
          "POST",
          `/api/auth/randoms/${id}/candidates/${first.id}/exempt`,
          {
            reason: " ",
          },
        );
        assertEquals(none.status, 422);
        assertEquals((await none.json()).error, "A reason is required");
        const res = await ctx.request(
          "admin",
          "POST",
          `/api/auth/randoms/${id}/candidates/${first.id}/exempt`,
          {
            reason: "At sea on a documented voyage",
          },
        );
        assertEquals(res.status, 200);
        assertEquals(PoolAnswer.parse(await res.json()).data.exempt_candidate_total, 1);
        const again = await ctx.request(
          "admin",
          "POST",
          `/api/auth/randoms/${id}/candidates/${first.id}/exempt`,
          {
            reason: "again",
          },
        );
        assertEquals(again.status, 409);
        await again.body?.cancel();
        const refreshed = await ctx.request("admin", "POST", `/api/auth/randoms/${id}/refresh`);
        const p = PoolAnswer.parse(await refreshed.json()).data;
        assertEquals(p.status, "complete");
        assertEquals(p.completed_count, 1);
        const listed = PoolListAnswer.parse(
          await (await ctx.request("admin", "GET", "/api/auth/randoms?year=2026")).json(),
        );
        assertEquals(listed.data[0].id, id);
        assertEquals(listed.pace.completed, 1);
        assertEquals(listed.pace.rate_percent, 50);
        assertEquals(listed.pace.target, 20);
      },
    );

    await t.step("verify: a changed seed or a changed snapshot is a mismatch", async () => {
      const { seed } = await db.selectFrom("random_pools").select("seed").where("id", "=", id)
        .executeTakeFirstOrThrow();
      const other = seed!.replace(/^./, seed![0] === "0" ? "1" : "0");
      await db.updateTable("random_pools").set({ seed: other }).where("id", "=", id).execute();
      let v = await verify(id);
      assertEquals([v.match, v.checks.commitment], [false, false]);
      await db.updateTable("random_pools").set({ seed }).where("id", "=", id).execute();
      assertEquals((await verify(id)).match, true);
      // One member less in the stored snapshot (as if someone had removed them after the draw).
      const snap = await db.selectFrom("random_snapshots").select(["user_ids", "business_ids"])
        .where("pool_id", "=", id).executeTakeFirstOrThrow();
      const drawn = new Set((await candidates(id)).map((c) => c.user_id));
      const drop = snap.user_ids.findIndex((u) => !drawn.has(Number(u)));
      await db.updateTable("random_snapshots").set({
        user_ids: snap.user_ids.filter((_, i) => i !== drop),
        business_ids: snap.business_ids.filter((_, i) => i !== drop),
      }).where("pool_id", "=", id).execute();
      v = await verify(id);
      assertEquals([v.match, v.checks.snapshot], [false, false]);
    });

    await t.step(
      "a crash after the draw resumes with the same selection; substitution takes the next alternate",
      async () => {
        const res = await ctx.request("admin", "POST", "/api/auth/randoms", { year: 2026, month: 4 });
        const p = PoolAnswer.parse(await res.json()).data;
        await (await ctx.request("admin", "POST", `/api/auth/randoms/${p.id}/build`)).body?.cancel();
        let threw = false;
        try {
          await runBuild(ctx.deps, p.id, {
            afterDraw: () => {
              throw new Error("injected crash");
            },
          });
        } catch {
          threw = true;
        }
        assertOk(threw);
        const before = (await candidates(p.id)).map((c) => [c.user_id, c.draw_position]);
        await runner.tick();
        const after = await candidates(p.id);
        assertEquals(
          after.map((c) => [c.user_id, c.draw_position]),
          before,
          "the job's re-run draws nothing new",
        );
        assertEquals((await pool(p.id)).status, "preordered");
        const selected = after.filter((c) => c.role === "selected");
        const firstAlternate = after.find((c) => c.role === "alternate")!;
        const sub = await ctx.request(
          "admin",
          "POST",
          `/api/auth/randoms/${p.id}/candidates/${selected[0].id}/substitute`,
          {
            reason: "Left the company after the snapshot",
          },
        );
        assertEquals(sub.status, 200);
        await sub.body?.cancel();
        const now = await candidates(p.id);
        const replaced = now.find((c) => c.id === selected[0].id)!;
        assertEquals([replaced.role, replaced.substitution_reason], [
          "substituted",
          "Left the company after the snapshot",
        ]);
        const alternate = now.find((c) => c.id === firstAlternate.id)!;
        assertEquals([alternate.role, alternate.replaces_candidate_id], ["selected", selected[0].id]);
        assertEquals(alternate.test?.status, "pending");
        assertEquals((await verify(p.id)).match, true);

        // i3 down for the first order: the job fails, the queue retries it, and each test is ordered once.
        const ordersBefore = (await db.selectFrom("i3_sim_orders").select("order_ref").execute()).length;
        (ctx.deps.i3 as I3Simulator).control.failNext("orderTest");
        await (await ctx.request("admin", "POST", `/api/auth/randoms/${p.id}/order`)).body?.cancel();
        await runner.tick();
        const job = await db.selectFrom("jobs").select("last_error").where("queue", "=", "randoms.order")
          .orderBy("id", "desc").executeTakeFirstOrThrow();
        assertOk(job.last_error?.includes("failed at i3"), job.last_error ?? "no error recorded");
        await runner.tick();
        assertEquals((await pool(p.id)).status, "built");
        const ordered = (await candidates(p.id)).filter((c) => c.role === "selected");
        assertOk(
          ordered.every((c) => c.test?.status === "ordered"),
          JSON.stringify(ordered.map((c) => c.test)),
        );
        const ordersAfter = (await db.selectFrom("i3_sim_orders").select("order_ref").execute()).length;
        assertEquals(
          ordersAfter - ordersBefore,
          ordered.length,
          "one i3 order per selected candidate, none twice",
        );
      },
    );

    await t.step("rate: a year's rate is a setting (25 %) the next pools use", async () => {
      const bad = await ctx.request("admin", "PUT", "/api/auth/random-rates/2027", { rate_percent: 0 });
      assertEquals(bad.status, 422);
      await bad.body?.cancel();
      const res = await ctx.request("admin", "PUT", "/api/auth/random-rates/2027", { rate_percent: 25 });
      assertEquals(res.status, 200);
      await res.body?.cancel();
      const created = await ctx.request("admin", "POST", "/api/auth/randoms", { year: 2027, month: 1 });
      assertEquals(PoolAnswer.parse(await created.json()).data.rate_percent, 25);
    });

    await t.step(
      "a covered member with no business is in the snapshot (its business read back as none)",
      async () => {
        const { userId } = await coveredMember(db, 104, ctx.users.der.businessId, { business_id: null });
        const created = await ctx.request("admin", "POST", "/api/auth/randoms", { year: 2026, month: 6 });
        const p = PoolAnswer.parse(await created.json()).data;
        await (await ctx.request("admin", "POST", `/api/auth/randoms/${p.id}/build`)).body?.cancel();
        await runner.tick();
        const { ids, businesses } = await snapshotOf(db, p.id);
        assertEquals(ids.length, COVERED + 1);
        assertEquals(businesses[ids.indexOf(userId)], null);
        assertOk(businesses.filter((b) => b !== null).length === COVERED);
        assertEquals((await verify(p.id)).match, true);
      },
    );

    await t.step("the demo data's September pool is a real draw: verify answers match", async () => {
      await seed(ctx.database, ctx.deps.config);
      const demo = await db.selectFrom("random_pools").select("id").where("year", "=", 2026).where(
        "month",
        "=",
        9,
      )
        .executeTakeFirstOrThrow();
      const v = await verify(demo.id);
      assertEquals(v.match, true, v.mismatches.join("; "));
      assertEquals((await pool(demo.id)).status, "complete");
    });
  } finally {
    await runner.stop();
    await ctx.close();
  }
});
