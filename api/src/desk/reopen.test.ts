/**
 * Reopening an archived notification (issue 37, decision 0082): the administrators' only, open again and
 * counted, audited with archived_at before → after, once when two administrators reopen it at the same time,
 * and refused where the notification records a decision (reopening would offer it a second time).
 */
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext, type TestContext } from "../testing/app.ts";
import { adminOnly, assertRoleAnswers } from "../testing/roles.ts";
import type { Notification } from "../notifications/kinds.ts";
import { notify } from "../notifications/notify.ts";
import { clearMemberships, seedMembership } from "../memberships/test-helpers.ts";
import { CountsAnswer, NOTIFICATION_MESSAGES as M, NotificationPage } from "./schemas.ts";

const change = (userId: number, businessId: number): Notification => ({
  type: "UPDATE_USER",
  triggerUserId: userId,
  userId,
  businessId,
  meta: {
    business_id: businessId,
    business_name: "Company A",
    vessel_name: null,
    member_user_id: userId,
    member_first_name: "Mia",
    member_last_name: "Test",
    changes: { city: "Houma" },
    previous: { city: null },
    awaiting_approval: false,
  },
});

async function write(ctx: TestContext, n: Notification): Promise<number> {
  return await ctx.database.db.transaction().execute((trx) => notify(trx, n));
}

const put = (ctx: TestContext, path: string, body?: unknown) => ctx.request("admin", "PUT", path, body);

async function ids(ctx: TestContext, archived: boolean) {
  const res = await ctx.request(
    "admin",
    "GET",
    `/api/auth/notifications?types=UPDATE_USER&archived=${archived}`,
  );
  assertEquals(res.status, 200);
  return NotificationPage.parse(await res.json()).data.map((n) => n.id);
}

async function changesBadge(ctx: TestContext) {
  const res = await ctx.request("admin", "GET", "/api/auth/notifications/count");
  return CountsAnswer.parse(await res.json()).data.changes;
}

async function answer(res: Response) {
  return { status: res.status, ...(await res.json()) };
}

Deno.test("desk: reopen an archived notification", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  const { member } = ctx.users;
  const audits = (id: number) =>
    db.selectFrom("audit_log").select(["action", "detail", "actor_user_id"]).where(
      "entity",
      "=",
      "notification",
    )
      .where("entity_id", "=", String(id)).where("action", "=", "notification.reopen").execute();
  try {
    await t.step("roles: administrators only (member, DERs 403; anonymous 401)", async () => {
      const id = await write(ctx, change(member.id, member.businessId));
      assertEquals((await put(ctx, `/api/auth/notification/${id}/archive`)).status, 200);
      await assertRoleAnswers(ctx, {
        method: "PUT",
        path: "/api/auth/notification/999999/reopen",
        expect: adminOnly(404),
      });
      // The others were refused before anything changed: it is still archived.
      for (const who of ["member", "der", "otherDer"] as const) {
        const res = await ctx.request(who, "PUT", `/api/auth/notification/${id}/reopen`);
        assertEquals(res.status, 403);
        await res.body?.cancel();
      }
      assertOk((await ids(ctx, true)).includes(id));
    });

    await t.step("archived → open: listed and counted again, audited before → after", async () => {
      const id = await write(ctx, change(member.id, member.businessId));
      const archive = await put(ctx, `/api/auth/notification/${id}/archive`);
      assertEquals(archive.status, 200);
      await archive.body?.cancel();
      const { archived_at } = await db.selectFrom("notifications").select("archived_at").where("id", "=", id)
        .executeTakeFirstOrThrow();
      const badge = await changesBadge(ctx);
      assertOk(!(await ids(ctx, false)).includes(id));

      const res = await answer(await put(ctx, `/api/auth/notification/${id}/reopen`));
      assertEquals([res.status, res.message], [200, M.reopened]);
      assertOk((await ids(ctx, false)).includes(id), "in the open list");
      assertOk(!(await ids(ctx, true)).includes(id), "not in the archived list");
      assertEquals(await changesBadge(ctx), badge + 1);
      const rows = await audits(id);
      assertEquals(rows.length, 1);
      assertEquals(rows[0].actor_user_id, ctx.users.admin.id);
      const detail = rows[0].detail as Record<string, unknown>;
      assertEquals(detail.before, { archived_at: archived_at!.toISOString() });
      assertEquals(detail.after, { archived_at: null });
      // The History of the notification reads it in words.
      const history = await ctx.request(
        "admin",
        "GET",
        `/api/auth/audit?entity=notification&entity_id=${id}`,
      );
      assertEquals(history.status, 200);
      const entry = (await history.json()).data.find((e: { attributes: { action: string } }) =>
        e.attributes.action === "notification.reopen"
      );
      assertEquals(entry?.attributes.changes, [{
        field: "archived_at",
        before: archived_at!.toISOString(),
        after: "—",
      }]);

      // Open already: nothing to reopen, the caller is told so and nothing is written.
      const again = await answer(await put(ctx, `/api/auth/notification/${id}/reopen`));
      assertEquals([again.status, again.code, again.error], [409, "ALREADY_PROCESSED", M.alreadyOpen]);
      assertEquals((await audits(id)).length, 1);
      // And it can be archived again, as any open notification.
      const reArchive = await put(ctx, `/api/auth/notification/${id}/archive`);
      assertEquals(reArchive.status, 200);
      await reArchive.body?.cancel();
    });

    await t.step("two administrators reopen one notification at once: reopened once, one row", async () => {
      for (let round = 0; round < 4; round++) {
        const id = await write(ctx, change(member.id, member.businessId));
        const archive = await put(ctx, `/api/auth/notification/${id}/archive`);
        await archive.body?.cancel();
        const path = `/api/auth/notification/${id}/reopen`;
        const both = await Promise.all([put(ctx, path), put(ctx, path)]);
        assertEquals(both.map((r) => r.status).sort(), [200, 409]);
        const loser = both.find((r) => r.status === 409)!;
        const winner = both.find((r) => r.status === 200)!;
        await winner.body?.cancel();
        assertEquals((await loser.json()).code, "ALREADY_PROCESSED");
        assertEquals((await audits(id)).length, 1);
      }
    });

    await t.step("a decided change stays archived: reopening would offer the decision again", async () => {
      const id = await write(ctx, change(member.id, member.businessId));
      const decided = await put(ctx, `/api/auth/notification/${id}`, { approved: true });
      assertEquals(decided.status, 200);
      await decided.body?.cancel();
      const res = await answer(await put(ctx, `/api/auth/notification/${id}/reopen`));
      assertEquals([res.status, res.code, res.error], [409, "CONFLICT", M.decidedNotReopened]);
      assertOk((await ids(ctx, true)).includes(id));
      assertEquals((await audits(id)).length, 0);
    });

    await t.step(
      "an employee request archived while pending reopens; a linked one stays archived",
      async () => {
        const filed = await ctx.request(
          "admin",
          "POST",
          `/api/auth/business/${ctx.users.der.businessId}/employee-requests`,
          {
            first_name: "Noor",
            last_name: "Reopened",
          },
          { "Idempotency-Key": crypto.randomUUID() },
        );
        assertEquals(filed.status, 201, await filed.clone().text());
        await filed.body?.cancel();
        const { id } = await db.selectFrom("notifications").select("id").where(
          "type",
          "=",
          "NEW_EMPLOYEE_REQUEST",
        )
          .where("archived_at", "is", null).orderBy("id", "desc").executeTakeFirstOrThrow();
        const archive = await put(ctx, `/api/auth/notification/${id}/archive`);
        assertEquals(archive.status, 200);
        await archive.body?.cancel();
        const reopened = await put(ctx, `/api/auth/notification/${id}/reopen`);
        assertEquals(reopened.status, 200, "still pending: its review is offered again");
        await reopened.body?.cancel();
        // Linking archives it with no approved flag: the request's own status says it was decided.
        const linked = await put(ctx, `/api/auth/notification/registration/${id}/employee/link`, {
          user_id: ctx.users.otherMember.id,
        });
        assertEquals(linked.status, 200, await linked.clone().text());
        await linked.body?.cancel();
        const row = await db.selectFrom("notifications").select(["approved", "archived_at"])
          .where("id", "=", id).executeTakeFirstOrThrow();
        assertEquals([row.approved, row.archived_at !== null], [null, true]);
        const res = await answer(await put(ctx, `/api/auth/notification/${id}/reopen`));
        assertEquals([res.status, res.code, res.error], [409, "CONFLICT", M.decidedNotReopened]);
        assertEquals((await audits(id)).length, 1, "one reopen, the first");
      },
    );

    await t.step(
      "a paused membership's notification archived by hand reopens and can be resumed",
      async () => {
        await seedMembership(ctx, member.id);
        const pause = await ctx.request("admin", "POST", `/api/auth/user/${member.id}/membership/pause`, {
          reason: "Currently out of season",
        });
        assertEquals(pause.status, 200);
        await pause.body?.cancel();
        const { id } = await db.selectFrom("notifications").select("id").where(
          "type",
          "=",
          "MEMBERSHIP_PAUSED",
        )
          .where("user_id", "=", member.id).where("archived_at", "is", null).executeTakeFirstOrThrow();
        const archive = await put(ctx, `/api/auth/notification/membership/paused/${id}/archive`);
        assertEquals(archive.status, 200);
        await archive.body?.cancel();
        const stale = await answer(await put(ctx, `/api/auth/notification/membership/paused/${id}/resume`));
        assertEquals(stale.status, 409, "archived: its Resume is refused");
        const res = await put(ctx, `/api/auth/notification/${id}/reopen`);
        assertEquals(res.status, 200);
        await res.body?.cancel();
        const resumed = await answer(await put(ctx, `/api/auth/notification/membership/paused/${id}/resume`));
        assertEquals([resumed.status, resumed.message], [200, M.resumed]);
        await clearMemberships(ctx);
      },
    );
  } finally {
    await ctx.close();
  }
});
