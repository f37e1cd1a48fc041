import { coverageDay } from "../lib/dates.ts";
import { assertEquals } from "../testing/assert.ts";
import { withDatabase } from "../testing/db.ts";
import {
  canDownloadCompliance,
  canDownloadComplianceFrom,
  coverageStatus,
  coveringMembership,
  type MembershipFacts,
} from "./status.ts";

// Noon UTC on 2026-06-15: "today" is 2026-06-15 everywhere from UTC-12 to UTC+11.
const NOW = new Date("2026-06-15T12:00:00Z");

const annual = (over: Partial<MembershipFacts> = {}): MembershipFacts => ({
  id: 1,
  type: "annual",
  starts_at: new Date("2025-06-16T00:00:00Z"),
  expire_at: "2026-12-31",
  pending: false,
  failed: false,
  cancelled: false,
  paused: false,
  ...over,
});

const can = (...ms: MembershipFacts[]) => canDownloadComplianceFrom(ms, NOW);

Deno.test("compliance rule: the edges", async (t) => {
  await t.step("an active annual membership earns a letter", () => assertEquals(can(annual()), true));
  await t.step(
    "one that expires today still does",
    () => assertEquals(can(annual({ expire_at: "2026-06-15" })), true),
  );
  await t.step("one that expired yesterday does not", () => {
    assertEquals(can(annual({ expire_at: "2026-06-14" })), false);
  });
  await t.step(
    "no expiry date means it does not expire",
    () => assertEquals(can(annual({ expire_at: null })), true),
  );
  await t.step("paused: no letter", () => assertEquals(can(annual({ paused: true })), false));
  await t.step(
    "resumed (no open pause): a letter again",
    () => assertEquals(can(annual({ paused: false })), true),
  );
  await t.step(
    "one-time memberships never earn one",
    () => assertEquals(can(annual({ type: "one_time" })), false),
  );
  await t.step("failed, cancelled, pending: no letter", () => {
    assertEquals(can(annual({ failed: true })), false);
    assertEquals(can(annual({ cancelled: true })), false);
    assertEquals(can(annual({ pending: true })), false);
  });
  await t.step("not started yet: no letter", () => {
    assertEquals(can(annual({ starts_at: new Date("2026-07-01T00:00:00Z") })), false);
  });
  await t.step("any earning membership is enough", () => {
    assertEquals(can(annual({ id: 1, cancelled: true }), annual({ id: 2 })), true);
    assertEquals(can(), false);
  });
  await t.step("today is the date anywhere on earth", () => {
    // 05:00 UTC on the 16th is still the 15th at UTC-12: a membership expiring on the 15th still covers it.
    assertEquals(coverageDay(new Date("2026-06-16T05:00:00Z")), "2026-06-15");
    assertEquals(coverageDay(new Date("2026-06-16T12:00:00Z")), "2026-06-16");
  });
  await t.step("the covering membership is the one that runs longest", () => {
    const picked = coveringMembership([
      annual({ id: 1, expire_at: "2026-07-01" }),
      annual({ id: 2, expire_at: "2027-07-01" }),
      annual({ id: 3, expire_at: "2028-07-01", paused: true }),
    ], NOW);
    assertEquals(picked?.id, 2);
  });
  await t.step("the coverage status for verification", () => {
    assertEquals(coverageStatus([annual()], NOW), "active");
    assertEquals(coverageStatus([annual({ paused: true })], NOW), "paused");
    assertEquals(coverageStatus([annual({ cancelled: true })], NOW), "cancelled");
    assertEquals(coverageStatus([annual({ expire_at: "2026-01-01" })], NOW), "expired");
    assertEquals(coverageStatus([annual({ type: "one_time" })], NOW), "none");
    assertEquals(coverageStatus([annual({ failed: true })], NOW), "none");
    assertEquals(coverageStatus([], NOW), "none");
  });
});

Deno.test("compliance rule: read from the database", async (t) => {
  await withDatabase(async ({ db }) => {
    const { id: userId } = await db.insertInto("users").values({
      email: "rule@test.local",
      password_hash: "x",
      first_name: "Rae",
      last_name: "Rule",
    }).returning("id").executeTakeFirstOrThrow();
    const { id: membershipId } = await db.insertInto("memberships").values({
      user_id: userId,
      type: "annual",
      starts_at: new Date("2026-01-01T00:00:00Z"),
      expire_at: "2026-06-15",
      price_cents: 10500,
    }).returning("id").executeTakeFirstOrThrow();

    await t.step("active, expiring today", async () => {
      assertEquals(await canDownloadCompliance(db, userId, NOW), true);
    });
    await t.step("a payment dispute on its order changes nothing (49 CFR 40.355)", async () => {
      const { id: orderId } = await db.insertInto("orders").values({
        kind: "membership",
        user_id: userId,
        total_cents: 10500,
        status: "failed",
      }).returning("id").executeTakeFirstOrThrow();
      await db.updateTable("memberships").set({ order_id: orderId }).where("id", "=", membershipId).execute();
      assertEquals(await canDownloadCompliance(db, userId, NOW), true);
    });
    await t.step("paused, then resumed", async () => {
      const { id: pauseId } = await db.insertInto("membership_pauses").values({
        membership_id: membershipId,
        paused_at: new Date("2026-06-01T00:00:00Z"),
        reason: "Medical",
      }).returning("id").executeTakeFirstOrThrow();
      assertEquals(await canDownloadCompliance(db, userId, NOW), false);
      await db.updateTable("membership_pauses").set({ resumed_at: new Date("2026-06-10T00:00:00Z") })
        .where("id", "=", pauseId).execute();
      assertEquals(await canDownloadCompliance(db, userId, NOW), true);
    });
    await t.step("the day after expiry", async () => {
      assertEquals(await canDownloadCompliance(db, userId, new Date("2026-06-16T13:00:00Z")), false);
    });
    await t.step("cancelled", async () => {
      await db.updateTable("memberships").set({ cancelled_at: new Date("2026-06-12T00:00:00Z") })
        .where("id", "=", membershipId).execute();
      assertEquals(await canDownloadCompliance(db, userId, NOW), false);
    });
  });
});
