/**
 * Merging two accounts of one person (issue 37, decision 0080): the preview, the moves per domain, the closed
 * account (minimised, sessions ended, History on the kept one), the refusals with their reasons, the role
 * matrix and the audit rows with before → after.
 */
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext, type TestContext } from "../testing/app.ts";
import { adminOnly, assertRoleAnswers } from "../testing/roles.ts";
import { addDays, seedMembership, today } from "../memberships/test-helpers.ts";
import { MergePreviewResponse, MergeResponse } from "./merge-schemas.ts";
import { MERGE_MESSAGES } from "./users-merge.ts";

/** A second account of the person behind `member`: same name, another e-mail. */
async function duplicateOf(ctx: TestContext, email: string, extra: Record<string, unknown> = {}) {
  const row = await ctx.database.db.insertInto("users").values({
    email,
    password_hash: "x",
    first_name: "Mia",
    last_name: "Test",
    ...extra,
  }).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

const merge = (ctx: TestContext, keep: number, close: number) =>
  ctx.request("admin", "POST", `/api/auth/user/${keep}/merge`, { close_user_id: close });

Deno.test("account merge", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  try {
    const keep = ctx.users.member.id;

    await t.step("roles: only an administrator previews or merges", async () => {
      const spare = await duplicateOf(ctx, "roles.spare@test.local");
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: `/api/auth/user/${keep}/merge/${spare}`,
        expect: adminOnly(200),
      });
      // The administrator's merge of a non-existent account: 404 in the error model, after the role checks.
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: `/api/auth/user/${keep}/merge`,
        body: () => ({ close_user_id: 999999 }),
        expect: adminOnly(404),
      });
      await db.deleteFrom("users").where("id", "=", spare).execute();
    });

    await t.step("bad input answers 422, never 500", async () => {
      const self = await merge(ctx, keep, keep);
      assertEquals(self.status, 422);
      assertEquals((await self.json()).error, MERGE_MESSAGES.same);
      for (const body of [{}, { close_user_id: "x" }, { close_user_id: 2 ** 31 }]) {
        const res = await ctx.request("admin", "POST", `/api/auth/user/${keep}/merge`, body);
        assertEquals(res.status, 422, JSON.stringify(body));
        await res.body?.cancel();
      }
    });

    await t.step("refused with the reason when both accounts have a running membership", async () => {
      const close = await duplicateOf(ctx, "both.running@test.local");
      const mine = await seedMembership(ctx, keep);
      await seedMembership(ctx, close);
      const preview = MergePreviewResponse.parse(
        await (await ctx.request("admin", "GET", `/api/auth/user/${keep}/merge/${close}`)).json(),
      ).data;
      const reason = MERGE_MESSAGES.bothRunning("Mia Test", "Mia Test");
      assertEquals([preview.refusal, preview.moves], [reason, null]);
      const res = await merge(ctx, keep, close);
      assertEquals(res.status, 409);
      assertEquals(await res.json(), { error: reason, code: "MERGE_REFUSED" });
      const still = await db.selectFrom("users").select(["deleted_at", "merged_into_user_id"])
        .where("id", "=", close).executeTakeFirstOrThrow();
      assertEquals(still, { deleted_at: null, merged_into_user_id: null }, "nothing was written");
      await db.deleteFrom("memberships").where("id", "=", mine).execute();
    });

    await t.step("refused when the account to close is an administrator or deleted", async () => {
      const admin = ctx.users.admin.id;
      const res = await merge(ctx, keep, admin);
      assertEquals(res.status, 409);
      assertEquals((await res.json()).error, MERGE_MESSAGES.admin("Ada Test"));
      const gone = await duplicateOf(ctx, "gone@test.local", { deleted_at: ctx.deps.now() });
      const deleted = await merge(ctx, keep, gone);
      assertEquals(deleted.status, 409);
      assertEquals((await deleted.json()).error, MERGE_MESSAGES.deleted("Mia Test"));
    });

    await t.step("the preview lists what moves, and changes nothing", async () => {
      await db.deleteFrom("memberships").execute();
      const close = await duplicateOf(ctx, "mia.second@test.local", { member_number: "M-MERGE-1" });
      await seedMembership(ctx, close);
      await db.insertInto("drug_tests").values({ user_id: close, reason: "random" as never }).execute();
      const before = await db.selectFrom("memberships").select("user_id").execute();
      const res = await ctx.request("admin", "GET", `/api/auth/user/${keep}/merge/${close}`);
      assertEquals(res.status, 200);
      const plan = MergePreviewResponse.parse(await res.json()).data;
      assertEquals(plan.refusal, null);
      assertEquals([plan.moves?.memberships, plan.moves?.drug_tests], [1, 1]);
      assertEquals(plan.changes, [{ field: "member_number", before: null, after: "M-MERGE-1" }]);
      assertEquals(await db.selectFrom("memberships").select("user_id").execute(), before, "rolled back");
      const closed = await db.selectFrom("users").select("deleted_at").where("id", "=", close)
        .executeTakeFirstOrThrow();
      assertEquals(closed.deleted_at, null);
      await db.deleteFrom("drug_tests").execute();
      await db.deleteFrom("memberships").execute();
      await db.updateTable("users").set({ member_number: null }).where("id", "=", close).execute();
      await db.deleteFrom("users").where("id", "=", close).execute();
    });

    await t.step(
      "a merge moves every domain's rows, closes the other account and ends its sessions",
      async () => {
        const close = await duplicateOf(ctx, "mia.old@test.local", {
          member_number: "M-OLD-7",
          is_der: true,
        });
        const running = await seedMembership(ctx, close);
        // A failed membership bought nothing: it stays with the closed account.
        await seedMembership(ctx, close, { failed: true, expire_at: addDays(today(ctx), 300) });
        const test = await db.insertInto("drug_tests").values({ user_id: close, reason: "random" as never })
          .returning("id").executeTakeFirstOrThrow();
        const order = await db.insertInto("orders").values({ user_id: close, total_cents: 1000 })
          .returning("id").executeTakeFirstOrThrow();
        // Both linked to Company A: the kept link takes the owner role; a second company's link moves.
        const companyA = ctx.users.member.businessId;
        await db.insertInto("business_users").values({
          business_id: companyA,
          user_id: close,
          is_owner: true,
          is_employee: false,
        }).execute();
        const other = await db.insertInto("businesses").values({ name: "Old Co", der_user_id: close })
          .returning("id").executeTakeFirstOrThrow();
        await db.insertInto("business_users").values({
          business_id: other.id,
          user_id: close,
          is_primary: true,
        }).execute();
        const note = await db.insertInto("notifications").values({
          type: "REGISTRATION",
          user_id: close,
          meta: {},
        })
          .returning("id").executeTakeFirstOrThrow();
        const token = await ctx.tokenFor(close);

        const res = await merge(ctx, keep, close);
        assertEquals(res.status, 200, await res.clone().text());
        const done = MergeResponse.parse(await res.json());
        assertEquals(done.message, MERGE_MESSAGES.merged);
        assertEquals(done.data.moves, {
          memberships: 1,
          drug_tests: 1,
          orders: 1,
          documents: 0,
          business_links: 2,
          businesses_represented: 1,
          employee_requests: 0,
          notifications: 1,
          registration: 0,
          safety_letter: 0,
          consents_given: 0,
          consents_received: 0,
        });

        const owner = async (table: "memberships" | "drug_tests" | "orders" | "notifications", id: number) =>
          (await db.selectFrom(table).select("user_id").where("id", "=", id).executeTakeFirstOrThrow())
            .user_id;
        assertEquals(await owner("memberships", running), keep);
        assertEquals(await owner("drug_tests", test.id), keep);
        assertEquals(await owner("orders", order.id), keep);
        assertEquals(await owner("notifications", note.id), keep);
        const current = await db.selectFrom("memberships").select(["id"]).where("user_id", "=", keep)
          .where("is_current", "=", true).execute();
        assertEquals(current, [{ id: running }], "the moved running term counts on the kept account");
        const failed = await db.selectFrom("memberships").select("user_id").where("failed", "=", true)
          .executeTakeFirstOrThrow();
        assertEquals(failed.user_id, close);

        const links = await db.selectFrom("business_users").select([
          "business_id",
          "is_owner",
          "is_employee",
          "is_primary",
        ])
          .where("user_id", "=", keep).where("removed_at", "is", null).orderBy("business_id").execute();
        assertEquals(links, [
          { business_id: companyA, is_owner: true, is_employee: true, is_primary: true },
          { business_id: other.id, is_owner: false, is_employee: true, is_primary: false },
        ]);
        const der = await db.selectFrom("businesses").select("der_user_id").where("id", "=", other.id)
          .executeTakeFirstOrThrow();
        assertEquals(der.der_user_id, keep);

        const kept = await db.selectFrom("users").select(["member_number", "is_der", "deleted_at"])
          .where("id", "=", keep).executeTakeFirstOrThrow();
        assertEquals(kept, { member_number: "M-OLD-7", is_der: true, deleted_at: null });
        const closed = await db.selectFrom("users").select(["email", "member_number", "merged_into_user_id"])
          .select((eb) => eb("deleted_at", "is not", null).as("closed")).where("id", "=", close)
          .executeTakeFirstOrThrow();
        assertEquals(closed, {
          email: `deleted-user-${close}@deleted.invalid`,
          member_number: null,
          merged_into_user_id: keep,
          closed: true,
        });
        const signedIn = await ctx.app.request("/api/auth/session", {
          headers: { Authorization: `Bearer ${token}` },
        });
        assertEquals(signedIn.status, 401, "the closed account's session ended");
        await signedIn.body?.cancel();

        // Audited on both accounts with before → after; the kept account's History shows the closed one's rows.
        const rows = await db.selectFrom("audit_log").select([
          "action",
          "entity_id",
          "actor_user_id",
          "detail",
        ])
          .where("action", "in", ["accounts_merged", "account_merged_into"]).orderBy("id").execute();
        assertEquals(rows.map((r) => [r.action, r.entity_id, r.actor_user_id]), [
          ["accounts_merged", String(keep), ctx.users.admin.id],
          ["account_merged_into", String(close), ctx.users.admin.id],
        ]);
        assertEquals((rows[0].detail as { changes: unknown }).changes, {
          member_number: [null, "M-OLD-7"],
          is_der: [false, true],
          merged_from: [null, close],
        });
        const history = await (await ctx.request(
          "admin",
          "GET",
          `/api/auth/audit?entity=user&entity_id=${keep}&per_page=50`,
        )).json();
        const actions = history.data.map((r: { attributes: { action: string; entity_id: string } }) =>
          `${r.attributes.action} ${r.attributes.entity_id}`
        );
        assertOk(actions.includes(`account_merged_into ${close}`), actions.join(", "));
        const changes = history.data.find((r: { attributes: { action: string } }) =>
          r.attributes.action === "account_merged_into"
        ).attributes.changes;
        assertOk(
          changes.some((c: { field: string; before: string; after: string }) =>
            c.field === "email" && c.before === "mia.old@test.local"
          ),
        );

        // The e-mail and the member number are free again: a new account may take the e-mail.
        const again = await merge(ctx, keep, close);
        assertEquals(again.status, 409, "a closed account cannot be merged twice");
        await again.body?.cancel();
      },
    );

    await t.step("two simultaneous merges of one pair: one merges, the other is refused", async () => {
      const close = await duplicateOf(ctx, "mia.twice@test.local");
      const answers = await Promise.all([merge(ctx, keep, close), merge(ctx, keep, close)]);
      const statuses = answers.map((r) =>
        r.status
      ).sort();
      assertEquals(statuses, [200, 409]);
      const refused = answers.find((r) => r.status === 409)!;
      assertEquals((await refused.json()).error, MERGE_MESSAGES.deleted("Mia Test"));
      await answers.find((r) => r.status === 200)!.body?.cancel();
      const rows = await db.selectFrom("audit_log").select("id").where("action", "=", "account_merged_into")
        .where("entity_id", "=", String(close)).execute();
      assertEquals(rows.length, 1);
    });

    await t.step(
      "consents follow the person: the closed account's apply to the kept one, those naming it are seen by it",
      async () => {
        const close = await duplicateOf(ctx, "mia.consents@test.local");
        const resulted = {
          reason: "random" as never,
          status: "resulted" as never,
          result: "negative" as never,
          ordered_at: ctx.deps.now(),
          collected_at: ctx.deps.now(),
          resulted_at: ctx.deps.now(),
        };
        const test = await db.insertInto("drug_tests").values({ user_id: close, ...resulted })
          .returning("id").executeTakeFirstOrThrow();
        const giverTest = await db.insertInto("drug_tests")
          .values({ user_id: ctx.users.otherMember.id, ...resulted }).returning("id")
          .executeTakeFirstOrThrow();
        const consent = async (
          userId: number,
          to: { recipient_business_id?: number; recipient_email?: string },
        ) =>
          (await db.insertInto("consents").values({
            user_id: userId,
            ...to,
            expires_on: "2099-12-31",
            signature: "Some Name",
            signed_on: "2026-01-01",
            created_at: ctx.deps.now(),
          }).returning("id").executeTakeFirstOrThrow()).id;
        // The closed account's consent to company B; another member's, and the kept account's own, to its address.
        const given = await consent(close, { recipient_business_id: ctx.users.otherDer.businessId });
        const toClosed = await consent(ctx.users.otherMember.id, {
          recipient_email: "mia.consents@test.local",
        });
        const toSelf = await consent(keep, { recipient_email: "mia.consents@test.local" });
        const received = async (who: "member" | "otherDer" | "der") =>
          ((await (await ctx.request(who, "GET", "/api/auth/consents/received")).json()).data as {
            id: number;
          }[])
            .map((c) => c.id).sort((a, b) => a - b);
        const results = async (who: "member" | "otherDer" | "der", id: number) => {
          const res = await ctx.request(who, "GET", `/api/auth/consents/${id}/results`);
          if (res.status !== 200) return res.status;
          return ((await res.json()).data.results as { id: number }[]).map((r) => r.id);
        };
        assertEquals(await received("member"), [], "before: the kept account is named by none");
        assertEquals(await results("otherDer", given), [test.id]);

        const res = await merge(ctx, keep, close);
        assertEquals(res.status, 200, await res.clone().text());
        const moves = MergeResponse.parse(await res.json()).data.moves!;
        assertEquals([moves.consents_given, moves.consents_received], [1, 2]);

        // The member's consent keeps applying to the member's results, now under the kept account.
        assertOk((await received("otherDer")).includes(given));
        assertOk((await results("otherDer", given) as number[]).includes(test.id));
        const mine = (await (await ctx.request("member", "GET", "/api/auth/account/consents")).json())
          .data as {
            id: number;
          }[];
        assertOk(mine.some((c) => c.id === given), "the kept account lists (and may revoke) it");
        // The consent naming the closed account's address is the kept account's to see; its own is not listed.
        assertEquals(await received("member"), [toClosed]);
        assertEquals(await results("member", toClosed), [giverTest.id]);
        assertEquals(await results("member", toSelf), 404);
        // Nobody not named sees anything: company A's DER, and the signed e-mail stays as signed.
        assertEquals(await received("der"), []);
        assertEquals(await results("der", given), 404);
        const row = await db.selectFrom("consents").select(["recipient_email", "recipient_user_id"])
          .where("id", "=", toClosed).executeTakeFirstOrThrow();
        assertEquals(row, { recipient_email: "mia.consents@test.local", recipient_user_id: keep });
        const audited = await db.selectFrom("audit_log").select("detail").where(
          "action",
          "=",
          "accounts_merged",
        )
          .where("entity_id", "=", String(keep)).orderBy("id", "desc").executeTakeFirstOrThrow();
        const moved = (audited.detail as { moved: Record<string, number> }).moved;
        assertEquals([moved.consents_given, moved.consents_received], [1, 2]);
        await db.deleteFrom("consents").execute();
        await db.deleteFrom("drug_tests").execute();
      },
    );

    await t.step("the running term must stay the kept account's latest", async () => {
      await db.deleteFrom("memberships").execute();
      const close = await duplicateOf(ctx, "mia.latest@test.local");
      await seedMembership(ctx, close);
      // A later, cancelled term on the kept account would hide the moved running one.
      await seedMembership(ctx, keep, { cancelled_at: ctx.deps.now() });
      const res = await merge(ctx, keep, close);
      assertEquals(res.status, 409);
      assertEquals((await res.json()).error, MERGE_MESSAGES.notLatest("Mia Test"));
      const back = await merge(ctx, close, keep);
      assertEquals(back.status, 200, "keeping the other account merges");
      assertEquals(MergeResponse.parse(await back.json()).data.moves?.memberships, 0);
      const counts = await db.selectFrom("memberships").select(["user_id", "is_current"])
        .select((eb) => eb("cancelled_at", "is not", null).as("cancelled")).orderBy("id").execute();
      assertEquals(counts, [
        { user_id: close, is_current: true, cancelled: false },
        { user_id: keep, is_current: true, cancelled: true },
      ], "the later, cancelled term stayed with the closed account");
    });
  } finally {
    await ctx.close();
  }
});
