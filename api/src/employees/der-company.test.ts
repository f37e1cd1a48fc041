/**
 * The DER's company everyday (issue 25 item 3): the compliance overview and its CSV, the roster PDF, e-mailing
 * an employee's letter, removing an employee who left and moving one to another company of the same DER or
 * making a company their primary one (decision 0065), each with the role matrix (another company's DER: 404).
 */
import { addDays, coverageDay } from "../lib/dates.ts";
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { assertRoleAnswers } from "../testing/roles.ts";

Deno.test("the DER's company: overview, roster, letter e-mail, remove and move", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  const A = ctx.users.der.businessId;
  const der = ctx.users.der.id;
  const mia = ctx.users.member.id;
  const now = ctx.deps.now();
  const today = coverageDay(now);
  // A second company of the same DER, set up in i3, and A set up too.
  const C = (await db.insertInto("businesses").values({
    name: "Company C",
    der_user_id: der,
    is_i3_setup: true,
    i3_location_code: "LOC-C",
  }).returning("id").executeTakeFirstOrThrow()).id;
  await db.insertInto("business_users").values({
    business_id: C,
    user_id: der,
    is_owner: true,
    is_employee: false,
  })
    .execute();
  await db.updateTable("businesses").set({ is_i3_setup: true, i3_location_code: "LOC-A" }).where("id", "=", A)
    .execute();
  // Mia: an annual membership A pays for, ending in 10 days, renewing; a resulted and a placed test.
  const membershipId = (await db.insertInto("memberships").values({
    user_id: mia,
    business_id: A,
    type: "annual",
    price_cents: 10500,
    autorenew: true,
    has_expiration: true,
    starts_at: new Date(now.getTime() - 300 * 86_400_000),
    expire_at: addDays(today, 10),
  }).returning("id").executeTakeFirstOrThrow()).id;
  await db.insertInto("drug_tests").values([
    {
      user_id: mia,
      business_id: A,
      reason: "random",
      status: "resulted",
      result: "negative",
      ordered_at: new Date(now.getTime() - 40 * 86_400_000),
      resulted_at: new Date(now.getTime() - 30 * 86_400_000),
    },
    {
      user_id: mia,
      business_id: A,
      reason: "random",
      status: "ordered",
      i3_order_ref: "I3-OPEN-1",
      ordered_at: now,
    },
    { user_id: mia, business_id: A, reason: "random", status: "pending" },
  ]).execute();
  const overview = `/api/auth/business/${A}/compliance-overview`;
  try {
    await t.step("the overview: owner and administrators; an employee 403, another DER 404", async () => {
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: overview,
        expect: { anonymous: 401, member: 403, otherMember: 404, otherDer: 404, admin: 200, der: 200 },
      });
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: `${overview}.csv`,
        expect: { anonymous: 401, member: 403, otherMember: 404, otherDer: 404, admin: 200, der: 200 },
      });
    });

    await t.step("each employee's coverage, its end and the last test in words", async () => {
      const body = await (await ctx.request("der", "GET", overview)).json();
      assertEquals(body.meta.counts, { covered: 0, ending: 1, paused: 0, not_covered: 0 });
      assertEquals(body.data.length, 1, "the owner is not listed as an employee");
      const row = body.data[0].attributes;
      assertEquals(
        [row.user_id, row.coverage, row.covered_through, row.renews, row.ending_soon, row.paused],
        [mia, "ending", addDays(today, 10), true, true, false],
      );
      // The newest test is the one placed today, not yet collected.
      assertEquals([row.last_test_reason, row.last_test_summary], ["random", "Pending"]);
      assertEquals((await (await ctx.request("der", "GET", `${overview}?filter=paused`)).json()).data, []);
      const covered = await (await ctx.request("der", "GET", `${overview}?filter=covered`)).json();
      assertEquals(covered.data.length, 1, "covered includes those ending soon");
      const bad = await ctx.request("der", "GET", `${overview}?filter=everyone`);
      assertEquals(bad.status, 422);
    });

    await t.step("a pause shows as paused; the CSV follows the filter", async () => {
      const pause = (await db.insertInto("membership_pauses").values({
        membership_id: membershipId,
        paused_at: new Date(now.getTime() - 86_400_000),
        reason: "Other",
        other_reason: "Shore leave",
      }).returning("id").executeTakeFirstOrThrow()).id;
      const paused = await (await ctx.request("der", "GET", `${overview}?filter=paused`)).json();
      assertEquals(paused.data.map((r: { attributes: { coverage: string } }) => r.attributes.coverage), [
        "paused",
      ]);
      const csv = await ctx.request("der", "GET", `${overview}.csv?filter=paused`);
      assertEquals(csv.headers.get("content-type"), "text/csv; charset=utf-8");
      const lines = (await csv.text()).replace("\uFEFF", "").trim().split("\r\n");
      assertEquals(lines.length, 2);
      assertOk(lines[0].startsWith('"Name","Member number","Coverage"'));
      assertOk(lines[1].includes('"Mia Test"') && lines[1].includes('"Paused"'), lines[1]);
      await db.deleteFrom("membership_pauses").where("id", "=", pause).execute();
    });

    await t.step("the roster PDF: the owner too; an employee 403, another DER 404", async () => {
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: `/api/auth/business/${A}/roster`,
        expect: { anonymous: 401, member: 403, otherMember: 404, otherDer: 404, admin: 200, der: 200 },
      });
      const res = await ctx.request("der", "GET", `/api/auth/business/${A}/roster`);
      assertEquals(res.headers.get("content-type"), "application/pdf");
      assertEquals(new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5)), "%PDF-");
    });

    await t.step("e-mail an employee's letter: through the outbox, to the employee", async () => {
      const path = `/api/auth/business/${A}/employee/${mia}/compliance-email`;
      await assertRoleAnswers(ctx, {
        method: "POST",
        path,
        expect: { anonymous: 401, member: 404, otherMember: 404, otherDer: 404, admin: 200, der: 200 },
      });
      const mail = await db.selectFrom("email_outbox").select(["to_address", "subject"])
        .where("subject", "=", "Your APCA Letter of Compliance").execute();
      assertEquals(mail.map((m) => m.to_address), ["member@test.local", "member@test.local"]);
      const notEmployee = await ctx.request(
        "der",
        "POST",
        `/api/auth/business/${A}/employee/${ctx.users.otherMember.id}/compliance-email`,
      );
      assertEquals(notEmployee.status, 404);
    });

    let link = 0;
    await t.step("move: another DER 404, to a company not the DER's 422, to one not in i3 409", async () => {
      const users = (await (await ctx.request("der", "GET", `/api/auth/business/${A}/business-users`)).json())
        .data;
      link = users.find((u: { attributes: { user_id: number } }) => u.attributes.user_id === mia).id;
      const path = `/api/auth/business/${A}/business-users/${link}`;
      await assertRoleAnswers(ctx, {
        method: "PATCH",
        path,
        body: () => ({ business_id: C }),
        expect: { anonymous: 401, member: 403, otherMember: 404, otherDer: 404, admin: 200 },
      });
      // The administrator moved Mia to C; the DER moves her back below.
      const back = (await db.selectFrom("business_users").select("id").where("business_id", "=", C)
        .where("user_id", "=", mia).where("removed_at", "is", null).executeTakeFirstOrThrow()).id;
      const fromC = `/api/auth/business/${C}/business-users/${back}`;
      const foreign = await ctx.request("der", "PATCH", fromC, {
        business_id: ctx.users.otherDer.businessId,
      });
      assertEquals([foreign.status, (await foreign.json()).error], [422, "Choose one of your companies."]);
      const same = await ctx.request("der", "PATCH", fromC, { business_id: C });
      assertEquals(same.status, 422);
      await db.updateTable("businesses").set({ is_i3_setup: false }).where("id", "=", A).execute();
      const notI3 = await ctx.request("der", "PATCH", fromC, { business_id: A });
      assertEquals(notI3.status, 409);
      await db.updateTable("businesses").set({ is_i3_setup: true }).where("id", "=", A).execute();
      const res = await ctx.request("der", "PATCH", fromC, { business_id: A });
      assertEquals(res.status, 200);
      const body = await res.json();
      assertEquals(body.message, "User attached to new business");
      assertEquals([body.data.attributes.user_id, body.data.attributes.is_primary], [mia, true]);
      assertEquals(body.meta.memberships_carried, [membershipId]);
      assertEquals(
        body.meta.open_orders,
        [],
        "the order placed at A stayed at A and was listed on the way out",
      );
      link = body.data.id;
    });

    await t.step(
      "a move carries the membership, sends unplaced tests along, leaves placed orders",
      async () => {
        const m = await db.selectFrom("memberships").select("business_id").where("id", "=", membershipId)
          .executeTakeFirstOrThrow();
        assertEquals(m.business_id, A);
        const moves = await db.selectFrom("audit_log").select(["action", "actor_user_id", "detail"])
          .where("action", "=", "business.move_employee").orderBy("id").execute();
        assertEquals(moves.map((a) => a.actor_user_id), [ctx.users.admin.id, der]);
        const first = moves[0].detail as {
          open_orders: string[];
          tests_moved: number[];
          to_business_id: number;
        };
        assertEquals([first.open_orders, first.tests_moved.length, first.to_business_id], [
          ["I3-OPEN-1"],
          1,
          C,
        ]);
        const placed = await db.selectFrom("drug_tests").select("business_id").where(
          "i3_order_ref",
          "=",
          "I3-OPEN-1",
        )
          .executeTakeFirstOrThrow();
        assertEquals(placed.business_id, A, "an order placed with i3 stays at its location");
      },
    );

    await t.step("primary business: the owner or an administrator, audited", async () => {
      const path = `/api/auth/business/${A}/business-users/${link}/primary`;
      await assertRoleAnswers(ctx, {
        method: "PUT",
        path,
        expect: { anonymous: 401, member: 403, otherMember: 404, otherDer: 404, admin: 200, der: 200 },
      });
      const rows = await db.selectFrom("business_users").select(["business_id", "is_primary"])
        .where("user_id", "=", mia).where("removed_at", "is", null).execute();
      assertEquals(rows, [{ business_id: A, is_primary: true }]);
    });

    await t.step("remove: another DER 404; the owner removes; company renewals stop", async () => {
      const path = `/api/auth/business/${A}/business-users/${link}`;
      assertEquals((await ctx.request("otherDer", "DELETE", path)).status, 404);
      assertEquals((await ctx.request("member", "DELETE", path)).status, 403);
      const ownerLink = (await db.selectFrom("business_users").select("id").where("business_id", "=", A)
        .where("user_id", "=", der).executeTakeFirstOrThrow()).id;
      const owner = await ctx.request("der", "DELETE", `/api/auth/business/${A}/business-users/${ownerLink}`);
      assertEquals(owner.status, 409, "the owner stays with the company");
      assertEquals((await ctx.request("der", "DELETE", path)).status, 204);
      assertEquals((await ctx.request("der", "DELETE", path)).status, 404);
      const m = await db.selectFrom("memberships").select(["autorenew", "cancelled_at", "expire_at"])
        .where("id", "=", membershipId).executeTakeFirstOrThrow();
      assertEquals([m.autorenew, m.cancelled_at, m.expire_at], [false, null, addDays(today, 10)]);
      const body = await (await ctx.request("der", "GET", overview)).json();
      assertEquals(body.data, []);
    });
  } finally {
    await ctx.close();
  }
});
