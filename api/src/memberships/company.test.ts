/**
 * Employee memberships run by the company, company cards, and the 30-day account deletion after a company's
 * cancellation (issue 11 items 3): roles and ownership (only the company's owner or an administrator, only
 * for a current employee; anything else 404), the changes, and the deletion on an injected clock.
 */
import { PASSWORD } from "../testing/app.ts";
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { addCard, addCompanyCard } from "../testing/cards.ts";
import { assertRoleAnswers } from "../testing/roles.ts";
import { DAY } from "../lib/jobs.ts";
import { runDueDeletions } from "../desk/users-deletion.ts";
import { MEMBERSHIP_MESSAGES as M } from "./schemas.ts";
import { seedMembership } from "./test-helpers.ts";

const START = new Date("2026-11-23T15:00:00Z");

Deno.test("employee memberships run by the company, and the 30-day deletion", async (t) => {
  let clock = START;
  const ctx = await createTestContext({ now: () => clock });
  const { db } = ctx.database;
  const { member, otherMember, der } = ctx.users;
  const A = member.businessId;
  const B = otherMember.businessId;
  const base = (biz: number, eid: number) => `/api/auth/business/${biz}/employee/${eid}`;
  /** A company-paid membership for the user (the company's card paid for it). */
  const companyPaid = async (userId: number, businessId: number) => {
    const id = await seedMembership(ctx, userId);
    await db.updateTable("memberships").set({ business_id: businessId }).where("id", "=", id).execute();
    return id;
  };
  try {
    await t.step("only the company's owner or an administrator, only for a current employee", async () => {
      await seedMembership(ctx, member.id);
      const owned = { anonymous: 401, member: 404, otherMember: 404, otherDer: 404, admin: 200, der: 200 };
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: `${base(A, member.id)}/membership`,
        expect: owned,
      });
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: `${base(A, member.id)}/memberships`,
        expect: owned,
      });
      // Another company's employee, through our company or theirs; the owner themself; unknown ids.
      assertEquals((await ctx.request("der", "GET", `${base(A, otherMember.id)}/membership`)).status, 404);
      assertEquals((await ctx.request("der", "GET", `${base(B, otherMember.id)}/membership`)).status, 404);
      assertEquals((await ctx.request("der", "GET", `${base(A, der.id)}/membership`)).status, 404);
      assertEquals((await ctx.request("der", "GET", `${base(999999, member.id)}/membership`)).status, 404);
      assertEquals((await ctx.request("der", "GET", `${base(A, 0)}/membership`)).status, 422);
      // The member's own read through the company answers 404 too: it is the company's view.
      const mine = await ctx.request("member", "DELETE", `${base(A, member.id)}/membership/cancel`);
      assertEquals(mine.status, 404);
    });

    await t.step(
      "the owner pauses, resumes and cancels; each change answers the spec's message",
      async () => {
        const pause = await ctx.request("der", "POST", `${base(A, member.id)}/membership/pause`, {
          reason: "Currently out of season",
        });
        assertEquals(pause.status, 200);
        const paused = await pause.json();
        assertEquals([paused.message, paused.data.attributes.is_paused], [M.paused, true]);
        const resume = await ctx.request("der", "POST", `${base(A, member.id)}/membership/resume`);
        assertEquals((await resume.json()).message, M.resumed);
        const again = await ctx.request("der", "POST", `${base(A, member.id)}/membership/resume`);
        assertEquals(again.status, 409);
        const cancel = await ctx.request("der", "DELETE", `${base(A, member.id)}/membership/cancel`);
        const cancelled = await cancel.json();
        assertEquals([cancel.status, cancelled.message, cancelled.data.attributes.cancelled], [
          200,
          M.cancelled,
          true,
        ]);
        // The member paid for it themself: no deletion is scheduled.
        assertEquals(cancelled.data.attributes.account_deletion_at, null);
        assertEquals(cancelled.data.attributes.account_deletion_warning, false);
        const pauser = await db.selectFrom("membership_pauses").select("paused_by_user_id")
          .executeTakeFirstOrThrow();
        assertEquals(pauser.paused_by_user_id, der.id);
      },
    );

    await t.step(
      "company cards: added by the owner with the spec's message, listed, others 404",
      async () => {
        const token = await ctx.tokenFor("der");
        const { id: card, message } = await addCompanyCard(ctx, token, A);
        assertEquals(message, "Payment method has been added successfully");
        const list = await ctx.request("der", "GET", `/api/auth/business/${A}/payment-methods`);
        const cards = (await list.json()).data;
        assertEquals(cards.map((c: { id: number }) => c.id), [card]);
        assertEquals(cards[0].attributes.default, true);
        await assertRoleAnswers(ctx, {
          method: "GET",
          path: `/api/auth/business/${A}/payment-methods`,
          expect: { anonymous: 401, member: 404, otherMember: 404, otherDer: 404, admin: 200, der: 200 },
        });
        // The company's card is not the DER's own card.
        const own = await ctx.request("der", "GET", "/api/auth/account/payment-methods");
        assertEquals((await own.json()).data, []);
      },
    );

    await t.step("the owner starts the membership with a company card, charged once", async () => {
      const [companyCard] =
        (await (await ctx.request("der", "GET", `/api/auth/business/${A}/payment-methods`))
          .json()).data;
      const memberCard = await addCard(ctx, await ctx.tokenFor("admin"));
      const path = `${base(A, member.id)}/membership`;
      // Not one of the company's cards: someone's own card answers 404.
      const wrongCard = await ctx.request("der", "POST", path, {
        is_annual: true,
        payment_method_id: memberCard,
      });
      assertEquals(wrongCard.status, 404);
      const others = await ctx.request("otherDer", "POST", path, {
        is_annual: true,
        payment_method_id: companyCard.id,
      });
      assertEquals(others.status, 404);
      const key = { "Idempotency-Key": "company-start-1" };
      const body = { is_annual: true, payment_method_id: companyCard.id };
      const first = await ctx.request("der", "POST", path, body, key);
      const again = await ctx.request("der", "POST", path, body, key);
      assertEquals([first.status, again.status], [200, 200]);
      const started = await first.json();
      assertEquals(started.message, "User Membership Has Been Started");
      assertEquals(started.data.attributes.autorenew, false);
      assertEquals(started.data.relationships.business, { data: { type: "business", id: A } });
      const orders = await db.selectFrom("orders").select([
        "user_id",
        "business_id",
        "payment_method_id",
        "status",
      ])
        .where("kind", "=", "membership").execute();
      assertEquals(orders, [{
        user_id: member.id,
        business_id: A,
        payment_method_id: companyCard.id,
        status: "completed",
      }]);
      const charges = await db.selectFrom("sandbox_charges").select("id").execute();
      assertEquals(charges.length, 1);
      // The drug testing rule is applied by a job written with the membership.
      const jobs = await db.selectFrom("jobs").select("payload").where(
        "queue",
        "=",
        "drug-tests.membership-test",
      )
        .execute();
      assertEquals(jobs.map((j) => j.payload), [{ membership_id: started.data.id }]);
    });

    await t.step(
      "a company-paid membership warns, and the company's cancellation schedules deletion",
      async () => {
        await db.deleteFrom("notifications").execute();
        const read = await (await ctx.request("der", "GET", `${base(A, member.id)}/membership`)).json();
        assertEquals(read.data.attributes.account_deletion_warning, true);
        assertEquals(read.data.relationships.business, { data: { type: "business", id: A } });
        const res = await ctx.request("der", "DELETE", `${base(A, member.id)}/membership/cancel`);
        const body = await res.json();
        assertEquals(res.status, 200);
        assertEquals(
          body.data.attributes.account_deletion_at,
          new Date(START.getTime() + 30 * DAY).toISOString(),
        );
      },
    );

    await t.step(
      "day 29: not deleted; day 30: deleted, signed out, records kept, details minimised",
      async () => {
        await db.insertInto("drug_tests").values({
          user_id: member.id,
          business_id: A,
          reason: "random",
          status: "resulted",
          result: "negative",
          ordered_at: START,
          resulted_at: START,
          retention_until: "2027-11-23",
        }).execute();
        const session = await ctx.tokenFor("member");
        const day29 = await runDueDeletions({
          database: ctx.database,
          config: ctx.deps.config,
          now: () => new Date(START.getTime() + 29 * DAY),
        });
        assertEquals(day29.deleted, []);
        assertEquals((await ctx.request("member", "GET", "/api/auth/account/membership")).status, 200);

        clock = new Date(START.getTime() + 30 * DAY);
        const day30 = await runDueDeletions(ctx.deps);
        assertEquals(day30.deleted, [member.id]);
        // Sign-in is gone: the old session, and the password.
        const old = await ctx.app.request("/api/auth/account/membership", {
          headers: { Authorization: `Bearer ${session}` },
        });
        assertEquals(old.status, 401);
        const login = await ctx.app.request("/api/login", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email: member.email, password: PASSWORD }),
        });
        assertEquals(login.status, 401);
        const row = await db.selectFrom("users").selectAll().where("id", "=", member.id)
          .executeTakeFirstOrThrow();
        assertEquals([row.first_name, row.last_name, row.phone, row.ssn_last4], ["Mia", "Test", null, null]);
        assertOk(row.deleted_at !== null && row.email !== member.email);
        // Every record 49 CFR 40.333 requires is still there, and still the member's.
        const tests = await db.selectFrom("drug_tests").select("id").where("user_id", "=", member.id)
          .execute();
        assertEquals(tests.length, 1);
        const memberships = await db.selectFrom("memberships").select("id").where("user_id", "=", member.id)
          .execute();
        assertEquals(memberships.length, 2);
        // No longer a current employee: the company's calls about them answer 404.
        assertEquals((await ctx.request("der", "GET", `${base(A, member.id)}/membership`)).status, 404);
        // A second run deletes nothing more.
        assertEquals((await runDueDeletions(ctx.deps)).deleted, []);
      },
    );

    await t.step("a member who adds a card of their own is never deleted", async () => {
      clock = START;
      await companyPaid(otherMember.id, B);
      const res = await ctx.request("otherDer", "DELETE", `${base(B, otherMember.id)}/membership/cancel`);
      assertOk((await res.json()).data.attributes.account_deletion_at !== null);
      await addCard(ctx, await ctx.tokenFor("otherMember"));
      clock = new Date(START.getTime() + 31 * DAY);
      const report = await runDueDeletions(ctx.deps);
      assertEquals([report.deleted, report.kept], [[], [otherMember.id]]);
      const row = await db.selectFrom("users").select(["deleted_at", "scheduled_deletion_at"])
        .where("id", "=", otherMember.id).executeTakeFirstOrThrow();
      assertEquals(row, { deleted_at: null, scheduled_deletion_at: null });
      clock = new Date(START.getTime() + 400 * DAY);
      assertEquals((await runDueDeletions(ctx.deps)).deleted, []);
    });

    await t.step("a member with a card of their own is not scheduled at all", async () => {
      const memberWithCard = otherMember.id;
      clock = START;
      await companyPaid(memberWithCard, B);
      const read = await (await ctx.request("otherDer", "GET", `${base(B, memberWithCard)}/membership`))
        .json();
      assertEquals(read.data.attributes.account_deletion_warning, false);
      const res = await ctx.request("otherDer", "DELETE", `${base(B, memberWithCard)}/membership/cancel`);
      assertEquals((await res.json()).data.attributes.account_deletion_at, null);
    });
  } finally {
    await ctx.close();
  }
});
