/**
 * The administrators' notification center (admin spec §7 "Notifications"): roles, the exact counts, the lists,
 * every action with its message, the 404s, and the race of two administrators on one notification (409).
 */
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext, type TestContext } from "../testing/app.ts";
import { assertRoleAnswers } from "../testing/roles.ts";
import { seedMembership } from "../memberships/test-helpers.ts";
import type { Notification } from "../notifications/kinds.ts";
import { notify } from "../notifications/notify.ts";
import { notifyRegistration, type RegistrationNotice } from "../registration/service.ts";
import {
  CountsAnswer,
  DuplicatesAnswer,
  EmployeeRequestAnswer,
  NOTIFICATION_MESSAGES as M,
  NotificationPage,
  PausedPage,
  RegistrationPage,
} from "./schemas.ts";

const put = (ctx: TestContext, path: string, body?: unknown) => ctx.request("admin", "PUT", path, body);
const who = { member_user_id: 0, member_first_name: "Mia", member_last_name: "Test", member_number: null };
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
    awaiting_approval: true,
  },
});

/** Writes a notification as its domain does: a registration with its progress row (registration's). */
async function write(
  ctx: TestContext,
  n: Notification | RegistrationNotice,
): Promise<number> {
  return await ctx.database.db.transaction().execute((trx) =>
    "businessApprovedAt" in n ? notifyRegistration(trx, n) : notify(trx, n)
  );
}

async function counts(ctx: TestContext) {
  const res = await ctx.request("admin", "GET", "/api/auth/notifications/count");
  assertEquals(res.status, 200);
  return CountsAnswer.parse(await res.json()).data;
}

Deno.test("notifications: the administrators' center", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  const { member, der, admin } = ctx.users;
  try {
    await t.step("roles: administrators only (member and DER 403, anonymous 401)", async () => {
      const id = await write(ctx, change(member.id, member.businessId));
      const cases: [string, string, unknown?][] = [
        ["GET", "/api/auth/notifications/count"],
        ["GET", "/api/auth/notifications"],
        ["GET", "/api/auth/notification/registrations"],
        ["GET", "/api/auth/notification/memberships/paused"],
        ["GET", `/api/auth/notification/${id}`],
        ["PUT", `/api/auth/notification/999999`, { approved: true }],
        ["PUT", `/api/auth/notification/999999/archive`],
        ["PUT", `/api/auth/notification/membership/paused/999999/archive`],
        ["PUT", `/api/auth/notification/membership/paused/999999/resume`],
        ["PUT", `/api/auth/notification/registration/999999/test/order`],
        ["DELETE", `/api/auth/notification/registration/999999`],
        ["PUT", `/api/auth/notification/registration/999999/archive`],
        ["PUT", `/api/auth/notification/registration/999999/loc`],
        ["PUT", `/api/auth/notification/registration/999999/company/training`],
        ["PUT", `/api/auth/notification/registration/999999/company/link`, { business_id: 1 }],
        ["POST", `/api/auth/notification/registration/999999/business`, { name: "X", tax_id: "1" }],
        ["GET", `/api/auth/notification/registration/999999/employee`],
        ["PUT", `/api/auth/notification/registration/999999/employee/link`, { user_id: 1 }],
        ["POST", `/api/auth/notification/registration/999999/employee`, {
          first_name: "A",
          last_name: "B",
          email: "a@b.co",
        }],
        ["GET", `/api/auth/duplicate/company/999999`],
        ["GET", `/api/auth/business-request/999999`],
      ];
      for (const [method, path, body] of cases) {
        const res = await ctx.request("admin", method, path, body);
        const status = res.status;
        await res.body?.cancel();
        assertOk(status !== 401 && status !== 403, `${method} ${path} as admin: ${status}`);
        if (method !== "GET") assertEquals(status, 404, `${method} ${path}: no such notification`);
        await assertRoleAnswers(ctx, {
          method,
          path,
          body: () => body,
          expect: { anonymous: 401, member: 403, otherMember: 403, otherDer: 403, der: 403, admin: status },
        });
      }
      await db.deleteFrom("notifications").execute();
    });

    await t.step("count: exact per category past 99, and it falls when one is archived", async () => {
      for (let i = 0; i < 120; i++) await write(ctx, change(member.id, member.businessId));
      assertEquals(await counts(ctx), { registration: 0, changes: 120, paused: 0, store: 0, cancelled: 0 });
      const page = NotificationPage.parse(
        await (await ctx.request(
          "admin",
          "GET",
          "/api/auth/notifications?types=UPDATE_USER&per_page=50&page=3",
        ))
          .json(),
      );
      assertEquals([page.data.length, page.meta.total], [20, 120]);
      const first = page.data[0].id;
      const res = await put(ctx, `/api/auth/notification/${first}/archive`);
      assertEquals([res.status, (await res.json()).message], [200, M.archived]);
      assertEquals((await counts(ctx)).changes, 119);
      const archived = NotificationPage.parse(
        await (await ctx.request("admin", "GET", "/api/auth/notifications?archived=true")).json(),
      );
      assertEquals(archived.data.map((n) => n.id), [first]);
      const bad = await ctx.request("admin", "GET", "/api/auth/notifications?types=NOPE");
      assertEquals(bad.status, 422);
      await db.deleteFrom("notifications").execute();
    });

    await t.step(
      "409 ALREADY_PROCESSED: a second administrator's stale action, also when at once",
      async () => {
        const id = await write(ctx, change(member.id, member.businessId));
        const [a, b] = await Promise.all([
          put(ctx, `/api/auth/notification/${id}/archive`),
          put(ctx, `/api/auth/notification/${id}`, { approved: true }),
        ]);
        const statuses = [a.status, b.status].sort();
        assertEquals(statuses, [200, 409]);
        const loser = a.status === 409 ? await a.json() : await b.json();
        assertEquals([loser.code, loser.error], ["ALREADY_PROCESSED", M.alreadyProcessed]);
        await (a.status === 200 ? a : b).body?.cancel();
        const again = await put(ctx, `/api/auth/notification/${id}/archive`);
        assertEquals((await again.json()).code, "ALREADY_PROCESSED");
        const audits = await db.selectFrom("audit_log").select("action").where("entity", "=", "notification")
          .where("entity_id", "=", String(id)).execute();
        assertEquals(audits.length, 1, "only the action that happened is audited");
      },
    );

    await t.step(
      "a double click (the same Idempotency-Key) replays the first answer and acts once",
      async () => {
        const id = await write(ctx, change(member.id, member.businessId));
        const key = { "Idempotency-Key": crypto.randomUUID() };
        const path = `/api/auth/notification/${id}/archive`;
        const first = await ctx.request("admin", "PUT", path, undefined, key);
        const second = await ctx.request("admin", "PUT", path, undefined, key);
        assertEquals([first.status, second.status], [200, 200]);
        assertEquals([(await first.json()).message, (await second.json()).message], [M.archived, M.archived]);
        const audits = await db.selectFrom("audit_log").select("action").where("entity", "=", "notification")
          .where("entity_id", "=", String(id)).execute();
        assertEquals(audits.map((a) => a.action), ["notification.archive"]);
      },
    );

    await t.step("approve: the waiting change applies, 'Member Request Approved'", async () => {
      const id = await write(ctx, change(member.id, member.businessId));
      const res = await put(ctx, `/api/auth/notification/${id}`, { approved: true });
      assertEquals([res.status, (await res.json()).message], [200, M.approved]);
      const user = await db.selectFrom("users").select("city").where("id", "=", member.id)
        .executeTakeFirstOrThrow();
      assertEquals(user.city, "Houma");
      const other = change(member.id, member.businessId);
      if (other.type === "UPDATE_USER") other.meta.changes = { city: "Morgan City" };
      const refused = await put(ctx, `/api/auth/notification/${await write(ctx, other)}`, {
        approved: false,
      });
      assertEquals((await refused.json()).message, M.refused);
      const still = await db.selectFrom("users").select("city").where("id", "=", member.id)
        .executeTakeFirstOrThrow();
      assertEquals(still.city, "Houma", "a refused change is not applied");
      const order = await write(ctx, {
        type: "REGISTRATION",
        triggerUserId: der.id,
        userId: der.id,
        businessId: der.businessId,
        businessApprovedAt: null,
        meta: {
          ...who,
          member_user_id: der.id,
          kind: "DER",
          business_id: der.businessId,
          business_name: "A",
        },
      });
      const notAChange = await put(ctx, `/api/auth/notification/${order}`, { approved: true });
      assertEquals(notAChange.status, 404);
    });

    await t.step("registrations: progress, company training once, archive and delete", async () => {
      const page = RegistrationPage.parse(
        await (await ctx.request("admin", "GET", "/api/auth/notification/registrations")).json(),
      );
      assertEquals(page.data.length, 1);
      const reg = page.data[0];
      assertEquals(
        [reg.attributes.type, reg.attributes.membership_created, reg.attributes.drug_test_passed],
        ["DER", false, false],
      );
      const path = `/api/auth/notification/registration/${reg.id}`;
      const training = await put(ctx, `${path}/company/training`);
      assertEquals((await training.json()).message, M.training);
      assertEquals((await put(ctx, `${path}/company/training`)).status, 409);
      const archived = await put(ctx, `${path}/archive`);
      assertEquals((await archived.json()).message, M.archivedRegistration);
      assertEquals((await counts(ctx)).registration, 0);
      // An archived registration is processed: deleting it now is a stale action.
      assertEquals((await ctx.request("admin", "DELETE", path)).status, 409);
      const fresh = await write(ctx, {
        type: "REGISTRATION",
        triggerUserId: member.id,
        userId: member.id,
        businessId: member.businessId,
        businessApprovedAt: null,
        meta: {
          ...who,
          member_user_id: member.id,
          kind: "company_employee",
          business_id: null,
          business_name: "",
        },
      });
      const del = await ctx.request("admin", "DELETE", `/api/auth/notification/registration/${fresh}`);
      assertEquals(del.status, 204);
      assertEquals(
        (await ctx.request("admin", "DELETE", `/api/auth/notification/registration/${fresh}`)).status,
        404,
      );
    });

    await t.step("order test: through i3 once; a double order is refused", async () => {
      await ctx.request("admin", "POST", `/api/auth/business/${member.businessId}/i3`);
      const id = await write(ctx, {
        type: "REGISTRATION",
        triggerUserId: member.id,
        userId: member.id,
        businessId: member.businessId,
        businessApprovedAt: new Date(),
        meta: {
          ...who,
          member_user_id: member.id,
          kind: "company_employee",
          business_id: null,
          business_name: "",
        },
      });
      const res = await put(ctx, `/api/auth/notification/registration/${id}/test/order`);
      assertEquals([res.status, (await res.json()).message], [200, M.ordered]);
      const again = await put(ctx, `/api/auth/notification/registration/${id}/test/order`);
      assertEquals((await again.json()).code, "ALREADY_PROCESSED");
      const tests = await db.selectFrom("drug_tests").select("id").where("user_id", "=", member.id).execute();
      assertEquals(tests.length, 1);
      const page = RegistrationPage.parse(
        await (await ctx.request("admin", "GET", "/api/auth/notification/registrations")).json(),
      );
      assertOk(page.data[0].attributes.drug_test_at !== null, "the order is on the progress");
    });

    await t.step("company request: duplicates ranked, link to an existing company, then 409", async () => {
      const provisional = (await db.insertInto("businesses").values({
        name: "Company A, L.L.C.",
        tax_id: "1",
        has_compliance_kit: true,
      })
        .returning("id").executeTakeFirstOrThrow()).id;
      await db.insertInto("business_users").values({
        business_id: provisional,
        user_id: der.id,
        is_owner: true,
      })
        .execute();
      await db.updateTable("businesses").set({ tax_id: "72-123", phone: "(985) 555-0100" })
        .where("id", "=", der.businessId).execute();
      const nid = await write(ctx, {
        type: "NEW_BUSINESS_REQUEST",
        triggerUserId: der.id,
        userId: der.id,
        businessId: provisional,
        meta: {
          ...who,
          member_user_id: der.id,
          business_id: provisional,
          business_name: "Company A, L.L.C.",
        },
      });
      await db.insertInto("new_business_requests").values({
        notification_id: nid,
        user_id: der.id,
        business_id: provisional,
        is_company: true,
        business_name: "Company A, L.L.C.",
        business_tax_id: "72123",
      }).execute();
      // The user page's "Pending company request" warning links to where it is worked (issue 24 item 3).
      const user = await (await ctx.request("admin", "GET", `/api/auth/user/${der.id}`)).json();
      assertEquals(user.data.attributes.pending_request_notification_id, nid);
      const dup = DuplicatesAnswer.parse(
        await (await ctx.request("admin", "GET", `/api/auth/duplicate/company/${nid}`)).json(),
      );
      assertEquals(dup.data[0].id, der.businessId);
      assertEquals(dup.data[0].matched, ["name", "tax_id"]);
      assertEquals(dup.data[0].is_active, true, "the wizard shows the duplicate's status (issue 24 item 3)");
      assertEquals(dup.message, M.duplicate);
      const byId = await (await ctx.request("admin", "GET", `/api/auth/business-request/${dup.request.id}`))
        .json();
      assertEquals(byId.data, { id: dup.request.id, notification_id: nid, status: "pending" });
      const res = await put(ctx, `/api/auth/notification/registration/${nid}/company/link`, {
        business_id: der.businessId,
      });
      assertEquals([res.status, (await res.json()).message], [200, M.companyApproved]);
      const gone = await db.selectFrom("businesses").select("deleted_at").where("id", "=", provisional)
        .executeTakeFirstOrThrow();
      assertOk(gone.deleted_at !== null, "the provisional business is retired");
      const target = await db.selectFrom("businesses").select(["has_compliance_kit", "der_user_id"])
        .where("id", "=", der.businessId).executeTakeFirstOrThrow();
      assertEquals(target, { has_compliance_kit: true, der_user_id: der.id }, "the paid kit comes along");
      const again = await put(ctx, `/api/auth/notification/registration/${nid}/company/link`, {
        business_id: der.businessId,
      });
      assertEquals(again.status, 409);
    });

    await t.step("company request: set up new, validation texts", async () => {
      const nid = await write(ctx, {
        type: "NEW_BUSINESS_REQUEST",
        triggerUserId: member.id,
        userId: member.id,
        businessId: null,
        meta: { ...who, member_user_id: member.id, business_id: null, business_name: "Bayou Barges" },
      });
      await db.insertInto("new_business_requests").values({
        notification_id: nid,
        user_id: member.id,
        is_company: true,
        business_name: "Bayou Barges",
      }).execute();
      const path = `/api/auth/notification/registration/${nid}/business`;
      const noName = await ctx.request("admin", "POST", path, { name: "" });
      assertEquals((await noName.json()).error, "Company Name is required!");
      const noTax = await ctx.request("admin", "POST", path, { name: "Bayou Barges" });
      assertEquals((await noTax.json()).error, "Company Tax ID is required");
      const badPhone = await ctx.request("admin", "POST", path, { name: "B", tax_id: "1", phone: "12" });
      assertEquals((await badPhone.json()).error, "Please enter a valid phone number");
      const llc = await ctx.request("admin", "POST", path, { name: "B", tax_id: "1", is_llc: true });
      assertEquals((await llc.json()).error, "LLC Name is required!");
      const ok = await ctx.request("admin", "POST", path, { name: "Bayou Barges", tax_id: "72-9" });
      assertEquals([ok.status, (await ok.json()).message], [200, M.companyApproved]);
      const link = await db.selectFrom("business_users as bu").innerJoin(
        "businesses as b",
        "b.id",
        "bu.business_id",
      )
        .select(["b.name", "bu.is_owner"]).where("bu.user_id", "=", member.id).where(
          "b.name",
          "=",
          "Bayou Barges",
        )
        .executeTakeFirstOrThrow();
      assertEquals(link.is_owner, true);
    });

    await t.step("employee requests: candidates, link to an existing user, create a new one", async () => {
      const request = async (first: string, email: string) => {
        const nid = await write(ctx, {
          type: "NEW_EMPLOYEE_REQUEST",
          triggerUserId: der.id,
          businessId: der.businessId,
          meta: {
            company_id: der.businessId,
            company_name: "Company A",
            owner_id: der.id,
            owner_name: "Dora Test",
            user: {
              first_name: first,
              middle_name: null,
              last_name: "Test",
              email,
              phone: null,
              address_one: null,
              address_two: null,
              city: null,
              state: null,
              postal_code: null,
              country: null,
            },
            possible_exists: false,
          },
        });
        await db.insertInto("employee_requests").values({
          notification_id: nid,
          business_id: der.businessId,
          owner_user_id: der.id,
          first_name: first,
          last_name: "Test",
          email,
        }).execute();
        return nid;
      };
      const a = await request("Otto", "other.member@test.local");
      const review = EmployeeRequestAnswer.parse(
        await (await ctx.request("admin", "GET", `/api/auth/notification/registration/${a}/employee`)).json(),
      );
      assertEquals(review.data.candidates.map((u) => u.id), [ctx.users.otherMember.id]);
      // The same e-mail: a strong match, which the screen preselects (issue 24 item 3).
      assertEquals([review.data.candidates[0].match, review.data.candidates[0].strong], [
        ["email", "name"],
        true,
      ]);
      // Many namesakes never push the same e-mail past the list's limit of ten.
      const namesakes = await db.insertInto("users").values(
        Array.from({ length: 11 }, (_, i) => ({
          email: `otto.${i}@test.local`,
          password_hash: "x",
          first_name: "Otto",
          last_name: "Test",
        })),
      ).returning("id").execute();
      const crowded = EmployeeRequestAnswer.parse(
        await (await ctx.request("admin", "GET", `/api/auth/notification/registration/${a}/employee`)).json(),
      );
      assertEquals(crowded.data.candidates.length, 10);
      assertEquals(crowded.data.candidates[0].id, ctx.users.otherMember.id);
      assertEquals(crowded.data.candidates[1].strong, false, "a namesake alone is a weak match");
      await db.updateTable("users").set({ deleted_at: new Date() })
        .where("id", "in", namesakes.map((n) => n.id)).execute();
      const linked = await put(ctx, `/api/auth/notification/registration/${a}/employee/link`, {
        user_id: ctx.users.otherMember.id,
      });
      assertEquals((await linked.json()).message, M.linkedUser);
      const b = await request("Nina", "nina@test.local");
      const taken = await ctx.request("admin", "POST", `/api/auth/notification/registration/${b}/employee`, {
        first_name: "Nina",
        last_name: "Test",
        email: "member@test.local",
      });
      assertEquals(taken.status, 422);
      const created = await ctx.request(
        "admin",
        "POST",
        `/api/auth/notification/registration/${b}/employee`,
        {
          first_name: "Nina",
          last_name: "Test",
          email: "nina@test.local",
        },
      );
      assertEquals((await created.json()).message, M.addedUser);
      const again = await put(ctx, `/api/auth/notification/registration/${b}/employee/link`, {
        user_id: admin.id,
      });
      assertEquals((await again.json()).code, "ALREADY_PROCESSED");
    });

    await t.step(
      "registrations offer the employee request they brought: the owner's, and the one naming the member",
      async () => {
        const { otherDer } = ctx.users;
        await write(ctx, {
          type: "REGISTRATION",
          triggerUserId: otherDer.id,
          userId: otherDer.id,
          businessId: otherDer.businessId,
          businessApprovedAt: null,
          meta: {
            ...who,
            member_user_id: otherDer.id,
            kind: "DER",
            business_id: otherDer.businessId,
            business_name: "B",
          },
        });
        const ask = async (first: string, possibleUserId: number | null) => {
          const nid = await write(ctx, {
            type: "NEW_EMPLOYEE_REQUEST",
            triggerUserId: otherDer.id,
            businessId: otherDer.businessId,
            meta: {
              company_id: otherDer.businessId,
              company_name: "Company B",
              owner_id: otherDer.id,
              owner_name: "Odile Test",
              user: {
                first_name: first,
                middle_name: null,
                last_name: "Test",
                email: null,
                phone: null,
                address_one: null,
                address_two: null,
                city: null,
                state: null,
                postal_code: null,
                country: null,
              },
              possible_exists: possibleUserId !== null,
            },
          });
          await db.insertInto("employee_requests").values({
            notification_id: nid,
            business_id: otherDer.businessId,
            owner_user_id: otherDer.id,
            first_name: first,
            last_name: "Test",
            possible_exists: possibleUserId !== null,
            possible_user_id: possibleUserId,
          }).execute();
          return nid;
        };
        const offered = async () => {
          const page = RegistrationPage.parse(
            await (await ctx.request("admin", "GET", "/api/auth/notification/registrations?per_page=50"))
              .json(),
          );
          const of = (userId: number) =>
            page.data.find((r) => r.attributes.user_id === userId)!.attributes
              .employee_request_notification_id;
          return { member: of(member.id), owner: of(otherDer.id) };
        };
        assertEquals(await offered(), { member: null, owner: null });
        const naming = await ask("Mia", member.id);
        const other = await ask("Noe", null);
        assertEquals(await offered(), { member: naming, owner: naming }, "the oldest waiting request first");
        // Archived by hand, the request is no longer offered (its review would answer 409).
        assertEquals((await put(ctx, `/api/auth/notification/${naming}/archive`)).status, 200);
        assertEquals(await offered(), { member: null, owner: other });
        const linked = await put(ctx, `/api/auth/notification/registration/${other}/employee/link`, {
          user_id: ctx.users.otherMember.id,
        });
        assertEquals((await linked.json()).message, M.linkedUser);
        assertEquals(await offered(), { member: null, owner: null }, "a settled request is not offered");
      },
    );

    await t.step("paused: listed, resumed from its notification, then archived", async () => {
      await seedMembership(ctx, member.id);
      const pause = await ctx.request("admin", "POST", `/api/auth/user/${member.id}/membership/pause`, {
        reason: "Currently out of season",
      });
      assertEquals(pause.status, 200);
      assertEquals((await counts(ctx)).paused, 1);
      const page = PausedPage.parse(
        await (await ctx.request("admin", "GET", "/api/auth/notification/memberships/paused")).json(),
      );
      assertEquals(page.data[0].attributes.reason, "Currently out of season");
      const res = await put(ctx, `/api/auth/notification/membership/paused/${page.data[0].id}/resume`);
      assertEquals([res.status, (await res.json()).message], [200, M.resumed]);
      assertEquals((await counts(ctx)).paused, 0);
      const again = await put(ctx, `/api/auth/notification/membership/paused/${page.data[0].id}/archive`);
      assertEquals(again.status, 409);
    });
  } finally {
    await ctx.close();
  }
});
