/**
 * The queue of issue 24: the center's search and date range, newest first, one request one card, declining
 * with a reason (mailed to the requester through the outbox), and the bulk actions, each item in its own locked
 * transaction so two administrators never apply one twice.
 */
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext, type TestContext } from "../testing/app.ts";
import { adminOnly, assertRoleAnswers } from "../testing/roles.ts";
import type { Notification } from "../notifications/kinds.ts";
import { notifyRegistration } from "../registration/service.ts";
import { notify } from "../notifications/notify.ts";
import { BulkAnswer, CountsAnswer, NOTIFICATION_MESSAGES as M, NotificationPage } from "./schemas.ts";

const change = (userId: number, businessId: number, awaiting = true, at?: Date): Notification => ({
  type: "UPDATE_USER",
  triggerUserId: userId,
  userId,
  businessId,
  at,
  meta: {
    business_id: businessId,
    business_name: "Company A",
    vessel_name: null,
    member_user_id: userId,
    member_first_name: "Mia",
    member_last_name: "Test",
    changes: { city: "Houma" },
    previous: { city: null },
    awaiting_approval: awaiting,
  },
});

async function write(ctx: TestContext, n: Notification): Promise<number> {
  return await ctx.database.db.transaction().execute((trx) => notify(trx, n));
}

async function list(ctx: TestContext, query: string) {
  const res = await ctx.request("admin", "GET", `/api/auth/notifications?${query}`);
  assertEquals(res.status, 200, query);
  return NotificationPage.parse(await res.json());
}

Deno.test("desk queue: search, decline with a reason, bulk actions", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  const { member, otherMember } = ctx.users;
  const clear = () => db.deleteFrom("notifications").execute();
  try {
    await clear();
    await t.step(
      "roles: the new calls are the administrators' (member, DER 403; anonymous 401)",
      async () => {
        const id = await write(ctx, change(member.id, member.businessId));
        const cases: [string, string, unknown?, number?][] = [
          ["GET", "/api/auth/notifications?q=Mia&from=2020-01-01&to=2099-12-31", undefined, 200],
          ["GET", `/api/auth/notifications?business_id=${member.businessId}`, undefined, 200],
          ["GET", "/api/auth/notification/registrations?q=x", undefined, 200],
          ["GET", "/api/auth/notification/memberships/paused?q=x", undefined, 200],
          ["PUT", "/api/auth/notification/999999/decline", { reason: "Not allowed" }, 404],
          ["POST", "/api/auth/notifications/bulk", { action: "archive", ids: [999999] }, 200],
        ];
        for (const [method, path, body, admin] of cases) {
          await assertRoleAnswers(ctx, { method, path, body: () => body, expect: adminOnly(admin!) });
        }
        const bad = await ctx.request("admin", "PUT", `/api/auth/notification/${id}/decline`, { reason: "" });
        assertEquals(bad.status, 422);
        await bad.body?.cancel();
        const badDay = await ctx.request("admin", "GET", "/api/auth/notifications?from=yesterday");
        assertEquals(badDay.status, 422);
        await badDay.body?.cancel();
        await clear();
      },
    );

    await t.step("search: by name, e-mail, member number, company; date range; newest first", async () => {
      await clear();
      const old = await write(
        ctx,
        change(member.id, member.businessId, true, new Date("2026-01-10T12:00:00Z")),
      );
      const newer = await write(
        ctx,
        change(otherMember.id, otherMember.businessId, true, new Date("2026-03-10T12:00:00Z")),
      );
      // Written last but dated first: the list is in date order, not id order.
      const oldest = await write(
        ctx,
        change(member.id, member.businessId, true, new Date("2025-12-01T12:00:00Z")),
      );
      const all = await list(ctx, "types=UPDATE_USER");
      assertEquals(all.data.map((n) => n.id), [newer, old, oldest]);
      await db.updateTable("users").set({ member_number: "M-424242" }).where("id", "=", member.id)
        .where("member_number", "is", null).execute();
      const m = await db.selectFrom("users").select(["email", "member_number", "first_name", "last_name"])
        .where("id", "=", member.id).executeTakeFirstOrThrow();
      const company = await db.selectFrom("businesses").select("name").where("id", "=", member.businessId)
        .executeTakeFirstOrThrow();
      const byNumber = await list(ctx, `types=UPDATE_USER&q=${encodeURIComponent(m.member_number!)}`);
      assertEquals(byNumber.data.map((n) => n.id), [old, oldest], "member number");
      for (const q of [m.email, m.email.toUpperCase(), `${m.first_name} ${m.last_name}`]) {
        const found = (await list(ctx, `types=UPDATE_USER&q=${encodeURIComponent(q)}`)).data.map((n) => n.id);
        assertOk(found.includes(old) && found.includes(oldest), q);
      }
      const byCompany = await list(ctx, `types=UPDATE_USER&q=${encodeURIComponent(company.name)}`);
      assertOk(byCompany.data.some((n) => n.id === old), "the member's company finds their change");
      const none = await list(ctx, "types=UPDATE_USER&q=nobody-by-this-name");
      assertEquals(none.meta.total, 0);
      const range = await list(ctx, "types=UPDATE_USER&from=2026-01-01&to=2026-01-31");
      assertEquals(range.data.map((n) => n.id), [old]);
      const both = await list(ctx, `types=UPDATE_USER&from=2026-01-01&q=${m.member_number}`);
      assertEquals(both.data.map((n) => n.id), [old]);
      // A business's page lists the changes about it (issue 24 item 3).
      const ofBusiness = await list(ctx, `types=UPDATE_USER&business_id=${otherMember.businessId}`);
      assertEquals(ofBusiness.data.map((n) => n.id), [newer]);
      const badId = await ctx.request("admin", "GET", "/api/auth/notifications?business_id=x");
      assertEquals(badId.status, 422);
      await badId.body?.cancel();
      await clear();
    });

    await t.step(
      "one request, one card: a registration's company request is its registration's",
      async () => {
        const reg = await ctx.database.db.transaction().execute((trx) =>
          notifyRegistration(trx, {
            type: "REGISTRATION",
            triggerUserId: member.id,
            userId: member.id,
            businessId: member.businessId,
            businessApprovedAt: null,
            meta: {
              kind: "DER",
              business_id: member.businessId,
              business_name: "Company A",
              member_user_id: member.id,
              member_first_name: "Mia",
              member_last_name: "Member",
              member_number: null,
            },
          })
        );
        const request = await write(ctx, {
          type: "NEW_BUSINESS_REQUEST",
          triggerUserId: member.id,
          userId: member.id,
          businessId: member.businessId,
          meta: {
            member_user_id: member.id,
            member_first_name: "Mia",
            member_last_name: "Test",
            member_number: null,
            business_id: member.businessId,
            business_name: "New Co LLC",
          },
        });
        const changes = await list(ctx, "types=NEW_BUSINESS_REQUEST");
        assertEquals(changes.meta.total, 0, "not listed as a change while the registration is open");
        const res = await ctx.request("admin", "GET", "/api/auth/notifications/count");
        assertEquals(CountsAnswer.parse(await res.json()).data.changes, 0);
        await db.updateTable("notifications").set({ archived_at: new Date() }).where("id", "=", reg)
          .execute();
        assertEquals((await list(ctx, "types=NEW_BUSINESS_REQUEST")).data.map((n) => n.id), [request]);
        await clear();
      },
    );

    await t.step(
      "decline a change with a reason: nothing applies, the member is mailed the reason",
      async () => {
        const id = await write(ctx, change(member.id, member.businessId));
        const before = await db.selectFrom("users").select("city").where("id", "=", member.id)
          .executeTakeFirstOrThrow();
        const reason = "The city must match your proof of address.";
        const res = await ctx.request("admin", "PUT", `/api/auth/notification/${id}/decline`, { reason });
        assertEquals(res.status, 200);
        assertEquals((await res.json()).message, M.declined);
        const n = await db.selectFrom("notifications").selectAll().where("id", "=", id)
          .executeTakeFirstOrThrow();
        assertEquals([
          n.approved,
          n.archived_at !== null,
          (n.meta as { decline_reason?: string }).decline_reason,
        ], [
          false,
          true,
          reason,
        ]);
        const after = await db.selectFrom("users").select(["city", "email"]).where("id", "=", member.id)
          .executeTakeFirstOrThrow();
        assertEquals(after.city, before.city);
        await ctx.deps.mailer.idle();
        const mail = await db.selectFrom("email_outbox").selectAll().where("to_address", "=", after.email)
          .orderBy("id", "desc").executeTakeFirstOrThrow();
        assertOk(String(mail.text_body).includes(reason), "the mail holds the reason");
        const again = await ctx.request("admin", "PUT", `/api/auth/notification/${id}/decline`, { reason });
        assertEquals(again.status, 409);
        assertEquals((await again.json()).error, M.alreadyProcessed);
        await clear();
      },
    );

    await t.step("bulk: archive counts; approve only what needs no judgement", async () => {
      await clear();
      const a = await write(ctx, change(member.id, member.businessId, false));
      const b = await write(ctx, change(member.id, member.businessId, true));
      const c = await write(ctx, change(member.id, member.businessId, false));
      const res = await ctx.request("admin", "POST", "/api/auth/notifications/bulk", {
        action: "approve",
        ids: [a, b, c],
      });
      assertEquals(res.status, 200);
      const answer = BulkAnswer.parse(await res.json());
      assertEquals(answer.message, "Approved 2 of 3 notifications");
      assertEquals(answer.data.map((o) => [o.id, o.ok, o.code ?? null]), [
        [a, true, null],
        [b, false, "CONFLICT"],
        [c, true, null],
      ]);
      const arch = BulkAnswer.parse(
        await (await ctx.request("admin", "POST", "/api/auth/notifications/bulk", {
          action: "archive",
          ids: [a, b],
        })).json(),
      );
      assertEquals(arch.data.map((o) => [o.ok, o.code ?? null]), [[false, "ALREADY_PROCESSED"], [
        true,
        null,
      ]]);
      assertEquals(arch.message, "Archived 1 of 2 notifications");
      await clear();
    });

    await t.step("two administrators bulk-archive one set at once: each item archived once", async () => {
      await clear();
      const ids: number[] = [];
      for (let i = 0; i < 6; i++) ids.push(await write(ctx, change(member.id, member.businessId, false)));
      const send = (action: string) =>
        ctx.request("admin", "POST", "/api/auth/notifications/bulk", { action, ids })
          .then(async (r) => BulkAnswer.parse(await r.json()));
      const [one, two] = await Promise.all([send("archive"), send("approve")]);
      for (let i = 0; i < ids.length; i++) {
        assertEquals([one.data[i].ok, two.data[i].ok].filter(Boolean).length, 1, `item ${ids[i]} once`);
        const loser = one.data[i].ok ? two.data[i] : one.data[i];
        assertEquals([loser.code, loser.message], ["ALREADY_PROCESSED", M.alreadyProcessed]);
      }
      const audits = await db.selectFrom("audit_log").select(["entity_id", "action"])
        .where("entity", "=", "notification").where("entity_id", "in", ids.map(String)).execute();
      assertEquals(audits.length, ids.length, "one audited action per notification");
      await clear();
    });
  } finally {
    await ctx.close();
  }
});
