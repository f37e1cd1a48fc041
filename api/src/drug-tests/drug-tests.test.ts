import { i3Simulator } from "../integrations/i3/simulator.ts";
import { addYears, officeDay } from "../lib/dates.ts";
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { assertRoleAnswers } from "../testing/roles.ts";
import { orderDrugTest, setUpBusinessInI3, syncI3Results } from "./service.ts";

Deno.test("drug tests: ordering through i3, the results sync, and the members' lists", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  const { member, otherMember, admin } = ctx.users;
  try {
    await t.step("a business is set up in i3 once, keeping its location code", async () => {
      const code = await setUpBusinessInI3(ctx.deps, member.businessId);
      assertEquals(code, `SIM-LOC-${String(member.businessId).padStart(6, "0")}`);
      assertEquals(await setUpBusinessInI3(ctx.deps, member.businessId), code);
      const row = await db.selectFrom("businesses").select(["is_i3_setup", "i3_location_code"])
        .where("id", "=", member.businessId).executeTakeFirstOrThrow();
      assertEquals(row, { is_i3_setup: true, i3_location_code: code });
    });

    // A simulator of our own on the same database, with a delay, so the sync sees each stage.
    const sim = i3Simulator(db, ctx.deps.now, {
      resultDelayMs: 3_600_000,
      fail: "",
      outcomes: "negative",
      seed: "t",
    });
    const deps = { ...ctx.deps, i3: sim };
    let firstId = 0;

    await t.step("an order is recorded as ordered with i3's reference", async () => {
      const order = await orderDrugTest(deps, {
        userId: member.id,
        businessId: member.businessId,
        reason: "random",
        orderedBy: admin.id,
      });
      assertEquals(order.status, "ordered");
      firstId = order.id;
      const row = await db.selectFrom("drug_tests").selectAll().where("id", "=", order.id)
        .executeTakeFirstOrThrow();
      assertEquals([row.status, row.i3_order_ref, row.result], ["ordered", order.order_ref, null]);
    });

    await t.step("an order i3 refuses is kept as failed, with the reason", async () => {
      sim.control.failNext("orderTest");
      const order = await orderDrugTest(deps, {
        userId: member.id,
        businessId: member.businessId,
        reason: "periodic",
        orderedBy: null,
      });
      assertEquals(order.status, "failed");
      const row = await db.selectFrom("drug_tests").select(["status", "error"]).where("id", "=", order.id)
        .executeTakeFirstOrThrow();
      assertEquals(row.status, "failed");
      assertOk(row.error?.includes("failed orderTest"));
    });

    await t.step("the sync records collection, then the result with its panel, once", async () => {
      assertEquals(await syncI3Results(deps), { checked: 0, collected: 0, resulted: 0 });
      sim.control.advance(1_800_000);
      assertEquals(await syncI3Results(deps), { checked: 1, collected: 1, resulted: 0 });
      sim.control.advance(1_800_000);
      assertEquals(await syncI3Results(deps), { checked: 1, collected: 0, resulted: 1 });
      assertEquals(await syncI3Results(deps), { checked: 0, collected: 0, resulted: 0 });
      const row = await db.selectFrom("drug_tests").selectAll().where("id", "=", firstId)
        .executeTakeFirstOrThrow();
      assertEquals([row.status, row.result], ["resulted", "negative"]);
      assertOk(row.collected_at && row.resulted_at && row.collected_at < row.resulted_at);
      // 49 CFR 40.333: a negative is kept one year from the office day the result came in.
      const zone = ctx.deps.config.officeTimeZone;
      assertEquals(row.retention_until, addYears(officeDay(row.resulted_at, zone), 1));
      const panel = await db.selectFrom("drug_test_panels").select("detail").where(
        "drug_test_id",
        "=",
        firstId,
      )
        .executeTakeFirstOrThrow();
      assertEquals((panel.detail.analytes as unknown[]).length, 5);
    });

    await t.step("a positive is kept five years; the same results fetched again change nothing", async () => {
      const order = await orderDrugTest(ctx.deps, {
        userId: member.id,
        businessId: member.businessId,
        reason: "post_accident",
        orderedBy: admin.id,
      });
      const sim0 = ctx.deps.i3 as typeof sim;
      await sim0.control.setOutcome(order.order_ref!, "positive");
      assertEquals((await syncI3Results(ctx.deps)).resulted, 1);
      assertEquals((await syncI3Results(ctx.deps)).resulted, 0);
      const row = await db.selectFrom("drug_tests").select(["result", "retention_until", "resulted_at"])
        .where("id", "=", order.id).executeTakeFirstOrThrow();
      assertEquals(row.result, "positive");
      assertEquals(
        row.retention_until,
        addYears(officeDay(row.resulted_at!, ctx.deps.config.officeTimeZone), 5),
      );
    });

    await t.step("an i3 outage fails the sync run, and the next run catches up", async () => {
      const order = await orderDrugTest(ctx.deps, {
        userId: otherMember.id,
        businessId: member.businessId,
        reason: "random",
        orderedBy: admin.id,
      });
      const sim0 = ctx.deps.i3 as typeof sim;
      sim0.control.failNext("fetchResults");
      let failed = false;
      await syncI3Results(ctx.deps).catch(() => failed = true);
      assertOk(failed);
      assertEquals((await syncI3Results(ctx.deps)).resulted, 1);
      const row = await db.selectFrom("drug_tests").select("status").where("id", "=", order.id)
        .executeTakeFirstOrThrow();
      assertEquals(row.status, "resulted");
    });

    await t.step(
      "roles: my tests for anyone signed in; a user's tests for themself or an admin",
      async () => {
        await assertRoleAnswers(ctx, {
          method: "GET",
          path: "/api/auth/account/tests",
          expect: { anonymous: 401, member: 200, otherMember: 200, otherDer: 200, admin: 200, der: 200 },
        });
        await assertRoleAnswers(ctx, {
          method: "GET",
          path: `/api/auth/user/${member.id}/tests`,
          expect: { anonymous: 401, member: 200, otherMember: 404, otherDer: 404, admin: 200, der: 404 },
        });
        const missing = await ctx.request("admin", "GET", "/api/auth/user/999999/tests");
        assertEquals(missing.status, 404);
      },
    );

    await t.step("a member sees only their own tests, as summaries without panel detail", async () => {
      const mine = await (await ctx.request("member", "GET", "/api/auth/account/tests")).json();
      assertEquals(mine.meta, { total: 3, page: 1, per_page: 20 });
      const first = mine.data.find((d: { id: number }) => d.id === firstId);
      assertEquals(Object.keys(first.attributes).sort(), ["date", "passed", "reason", "result", "status"]);
      assertEquals([first.type, first.attributes.result, first.attributes.passed], [
        "drug_test",
        "negative",
        true,
      ]);
      const byStatus = Object.fromEntries(
        mine.data.map((d: { attributes: { status: string; passed: boolean | null } }) => [
          d.attributes.status + (d.attributes.passed === false ? "-failed" : ""),
          true,
        ]),
      );
      assertEquals(Object.keys(byStatus).sort(), ["failed", "resulted", "resulted-failed"]);
      const text = JSON.stringify(mine);
      for (const secret of ["analytes", "specimen", "laboratory", "mro_note", "SIM-"]) {
        assertOk(!text.includes(secret), `no ${secret} in the list`);
      }
      const theirs = await (await ctx.request("otherMember", "GET", "/api/auth/account/tests")).json();
      assertEquals(theirs.meta.total, 1);
      const asAdmin = await (await ctx.request("admin", "GET", `/api/auth/user/${member.id}/tests`)).json();
      assertEquals(asAdmin.meta.total, 3);
    });

    await t.step("sorting by date, reason and status; anything else is a 422", async () => {
      const byDate =
        await (await ctx.request("member", "GET", "/api/auth/account/tests?sort_by=date&sort_dir=asc"))
          .json();
      const dates = byDate.data.map((d: { attributes: { date: string } }) => d.attributes.date);
      assertEquals(dates, [...dates].sort());
      const byReason = await (await ctx.request("member", "GET", "/api/auth/account/tests?sort_by=reason"))
        .json();
      assertEquals(byReason.data[0].attributes.reason, "random");
      const bad = await ctx.request("member", "GET", "/api/auth/account/tests?sort_by=result");
      assertEquals(bad.status, 422);
    });
  } finally {
    await ctx.close();
  }
});
