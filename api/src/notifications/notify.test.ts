/**
 * Every notification kind both specifications name goes through notify() and reads back with its type, its
 * links and its meta as written; the pause notification's resumed_at is set by its one updater.
 */
import { assertEquals } from "../testing/assert.ts";
import { createTestDatabase } from "../testing/db.ts";
import type { Notification } from "./kinds.ts";
import { markPausesResumed, notify } from "./notify.ts";

Deno.test("notifications: every kind round-trips through notify()", async (t) => {
  const database = await createTestDatabase();
  const { db } = database;
  try {
    const userId = (await db.insertInto("users").values({
      email: "mia@example.com",
      password_hash: "x",
      first_name: "Mia",
      last_name: "Marin",
      member_number: "M-000001",
    }).returning("id").executeTakeFirstOrThrow()).id;
    const businessId = (await db.insertInto("businesses").values({ name: "Blue Tug LLC" }).returning("id")
      .executeTakeFirstOrThrow()).id;
    const vesselId = (await db.insertInto("vessels").values({ business_id: businessId, name: "Sea Mule" })
      .returning("id").executeTakeFirstOrThrow()).id;
    const order = await db.insertInto("orders").values({ user_id: userId, total_cents: 1400 })
      .returning(["id", "number"]).executeTakeFirstOrThrow();
    const membershipId = (await db.insertInto("memberships").values({
      user_id: userId,
      type: "annual",
      expire_at: "2027-01-31",
      price_cents: 10500,
    }).returning("id").executeTakeFirstOrThrow()).id;
    const pauseId =
      (await db.insertInto("membership_pauses").values({ membership_id: membershipId, reason: "Leave" })
        .returning("id").executeTakeFirstOrThrow()).id;

    const member = {
      member_user_id: userId,
      member_first_name: "Mia",
      member_last_name: "Marin",
      member_number: "M-000001",
    };
    const change = {
      business_id: businessId,
      business_name: "Blue Tug LLC",
      vessel_name: null,
      member_user_id: userId,
      member_first_name: "Mia",
      member_last_name: "Marin",
    };
    const at = new Date("2026-11-23T10:15:00.000Z");
    const registration = (kind: "DER" | "independent" | "company_employee"): Notification => ({
      type: "REGISTRATION",
      triggerUserId: userId,
      userId,
      businessId: kind === "company_employee" ? null : businessId,
      meta: {
        ...member,
        kind,
        business_id: kind === "company_employee" ? null : businessId,
        business_name: "Blue Tug LLC",
      },
      at,
    });
    const every: Notification[] = [
      registration("DER"),
      registration("independent"),
      registration("company_employee"),
      {
        type: "NEW_BUSINESS_REQUEST",
        triggerUserId: userId,
        userId,
        businessId: null,
        meta: { ...member, business_id: null, business_name: "Harbor Pilots Inc" },
      },
      {
        type: "NEW_EMPLOYEE_REQUEST",
        triggerUserId: userId,
        businessId,
        meta: {
          company_id: businessId,
          company_name: "Blue Tug LLC",
          owner_id: userId,
          owner_name: "Mia Marin",
          user: {
            first_name: "Ada",
            middle_name: null,
            last_name: "Deck",
            email: "ada@example.com",
            phone: "(555) 555-0100",
            address_one: "1 Pier Rd",
            address_two: null,
            city: "Mobile",
            state: "AL",
            postal_code: "36602",
            country: "US",
          },
          possible_exists: true,
        },
      },
      {
        type: "UPDATE_USER",
        triggerUserId: userId,
        userId,
        businessId,
        meta: {
          ...change,
          changes: { phone: "(555) 555-0199", city: "Mobile" },
          previous: { phone: null, city: "Mobile Bay" },
          awaiting_approval: false,
        },
      },
      {
        type: "NEW_VESSEL",
        triggerUserId: userId,
        userId,
        businessId,
        meta: {
          ...change,
          vessel_name: "Night Heron",
          vessel: { name: "Night Heron", official_number: "1234567" },
        },
      },
      {
        type: "UPDATE_VESSEL",
        triggerUserId: userId,
        userId,
        businessId,
        vesselId,
        meta: {
          ...change,
          vessel_name: "Sea Mule II",
          previous_vessel_name: "Sea Mule",
          changes: { name: "Sea Mule II" },
          previous: { name: "Sea Mule" },
          awaiting_approval: false,
        },
      },
      {
        type: "UPDATE_BUSINESS",
        triggerUserId: userId,
        userId,
        businessId,
        meta: {
          ...change,
          changes: { name: "Blue Tug Co", dba_name: null },
          previous: { name: "Blue Tug", dba_name: "Blue" },
          awaiting_approval: true,
        },
      },
      {
        type: "NEW_ORDER",
        triggerUserId: userId,
        userId,
        orderId: order.id,
        meta: {
          order_id: order.id,
          order_number: order.number,
          order_completed: true,
          order_cancelled: false,
          total_cents: 1400,
          member_user_id: userId,
          member_first_name: "Mia",
          member_last_name: "Marin",
        },
      },
      {
        type: "MEMBERSHIP_PAUSED",
        triggerUserId: userId,
        userId,
        membershipId,
        membershipPauseId: pauseId,
        meta: { ...member, reason: "Leave", paused_at: at.toISOString(), resumed_at: null },
      },
      {
        type: "MEMBERSHIP_CANCELLED",
        triggerUserId: userId,
        userId,
        membershipId,
        meta: { ...member, cancelled_at: at.toISOString() },
      },
    ];

    for (const n of every) {
      const label = n.type === "REGISTRATION" ? `REGISTRATION (${n.meta.kind})` : n.type;
      await t.step(`${label}: type, links and meta read back as written`, async () => {
        const id = await db.transaction().execute((trx) => notify(trx, n));
        const row = await db.selectFrom("notifications").selectAll().where("id", "=", id)
          .executeTakeFirstOrThrow();
        assertEquals(row.type, n.type);
        assertEquals(row.meta, n.meta as unknown as Record<string, unknown>);
        assertEquals(row.trigger_user_id, n.triggerUserId);
        assertEquals(
          [
            row.user_id,
            row.business_id,
            row.vessel_id,
            row.order_id,
            row.membership_id,
            row.membership_pause_id,
          ],
          [
            "userId" in n ? n.userId : null,
            "businessId" in n ? n.businessId : null,
            "vesselId" in n ? n.vesselId : null,
            "orderId" in n ? n.orderId : null,
            "membershipId" in n ? n.membershipId : null,
            "membershipPauseId" in n ? n.membershipPauseId : null,
          ],
        );
        assertEquals(
          [row.approved, row.archived_at],
          [null, null],
          "new notifications are open and undecided",
        );
        if (n.at) assertEquals(row.created_at, n.at);
        const progress = await db.selectFrom("registration_notifications").selectAll()
          .where("notification_id", "=", id).executeTakeFirst();
        assertEquals(
          progress,
          undefined,
          "notify() writes notifications only; registration writes its progress",
        );
      });
    }

    await t.step("a notification that fails rolls back with the caller's transaction", async () => {
      const before = await db.selectFrom("notifications").select("id").execute();
      await db.transaction().execute(async (trx) => {
        await notify(trx, every[every.length - 1]);
        throw new Error("the caller's change failed");
      }).catch(() => {});
      assertEquals(await db.selectFrom("notifications").select("id").execute(), before);
    });

    await t.step("markPausesResumed sets resumed_at on that pause's notification only", async () => {
      const resumedAt = new Date("2026-12-01T08:00:00.000Z");
      await db.transaction().execute((trx) => markPausesResumed(trx, [pauseId], resumedAt));
      const rows = await db.selectFrom("notifications").select(["type", "meta"])
        .where("type", "in", ["MEMBERSHIP_PAUSED", "MEMBERSHIP_CANCELLED"]).orderBy("id").execute();
      assertEquals(rows.map((r) => [r.type, r.meta.resumed_at]), [
        ["MEMBERSHIP_PAUSED", resumedAt.toISOString()],
        ["MEMBERSHIP_CANCELLED", undefined],
      ]);
      const paused = rows[0].meta;
      assertEquals(paused.paused_at, at.toISOString(), "the rest of the meta stays");
    });
  } finally {
    await database.drop();
  }
});
