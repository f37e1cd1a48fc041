/**
 * Races (issue 26 item 2, decision 0042): 20 simultaneous calls, exactly one effect, the rest 409 in the error
 * model with a clear message, never a 500. Activation and deactivation of a company by two administrators,
 * "add to business" of one user, and identical employee requests from one DER without an Idempotency-Key.
 * Also: every unique violation is a 409 (both drivers), and an out-of-range business_id is refused before the
 * database sees it.
 */
import { Hono } from "hono";
import { UNIQUE_CONFLICT, UNIQUE_MESSAGES, uniqueViolation } from "../db/unique.ts";
import { EMPLOYEE_MESSAGES } from "../employees/schemas.ts";
import { errorBody } from "../lib/errors.ts";
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext, type TestContext } from "../testing/app.ts";
import { USER_MESSAGES } from "../users/schemas.ts";

const N = 20;

/** Sends `n` copies of a request at once, alternating between the given session tokens. */
async function burst(
  ctx: TestContext,
  tokens: string[],
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: { error?: string; code?: string } }[]> {
  return await Promise.all(
    Array.from({ length: N }, async (_, i) => {
      const headers = new Headers({ Authorization: `Bearer ${tokens[i % tokens.length]}` });
      if (body !== undefined) headers.set("Content-Type", "application/json");
      const res = await ctx.app.request(path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    }),
  );
}

const statuses = (answers: { status: number }[]) => {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return counts;
};

Deno.test("races: 20 simultaneous calls, exactly one effect", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  const { der, member, otherMember } = ctx.users;
  const A = der.businessId;
  try {
    const secondAdmin = (await db.insertInto("users").values({
      email: "second.admin@test.local",
      password_hash: "x",
      first_name: "Sam",
      last_name: "Test",
      is_admin: true,
    }).returning("id").executeTakeFirstOrThrow()).id;
    const admins = [await ctx.tokenFor("admin"), await ctx.tokenFor(secondAdmin)];
    const activations = async () =>
      (await db.selectFrom("business_activations").select("is_active").where("business_id", "=", A)
        .orderBy("id").execute()).map((r) => r.is_active);
    const audits = async (action: string) =>
      (await db.selectFrom("audit_log").select("actor_user_id").where("action", "=", action)
        .where("entity_id", "=", String(A)).execute()).length;

    await t.step("deactivations by two administrators: one succeeds, 19 × 409", async () => {
      const answers = await burst(ctx, admins, "PUT", `/api/auth/business/${A}/deactivate`, {
        reason: "Unpaid invoices",
      });
      assertEquals(statuses(answers), { 200: 1, 409: N - 1 });
      for (const a of answers.filter((a) => a.status === 409)) {
        assertEquals(a.body, {
          error:
            "This business is already inactive: it may just have been deactivated by another administrator.",
          code: "CONFLICT",
        });
      }
      assertEquals(await activations(), [false]);
      assertEquals(await audits("business.deactivate"), 1);
      const row = await db.selectFrom("businesses").select(["is_active", "deactivation_reason"])
        .where("id", "=", A).executeTakeFirstOrThrow();
      assertEquals(row, { is_active: false, deactivation_reason: "Unpaid invoices" });
    });

    await t.step("activations by two administrators: one succeeds, 19 × 409", async () => {
      const answers = await burst(ctx, admins, "PUT", `/api/auth/business/${A}/activate`);
      assertEquals(statuses(answers), { 200: 1, 409: N - 1 });
      for (const a of answers.filter((a) => a.status === 409)) {
        assertEquals(a.body, {
          error: "This business is already active: it may just have been activated by another administrator.",
          code: "CONFLICT",
        });
      }
      assertEquals(await activations(), [false, true]);
      assertEquals(await audits("business.activate"), 1);
    });

    await t.step("mixed activations and deactivations never alternate past the state they saw", async () => {
      const answers = await Promise.all(
        Array.from(
          { length: N },
          (_, i) =>
            i % 2
              ? ctx.request("admin", "PUT", `/api/auth/business/${A}/activate`)
              : ctx.request("admin", "PUT", `/api/auth/business/${A}/deactivate`, { reason: "Audit hold" }),
        ),
      );
      const ok = answers.filter((r) => r.status === 200).length;
      assertOk(answers.every((r) => r.status === 200 || r.status === 409));
      // Every success is a real change of state: the history alternates, one row (and one audit row) each.
      const history = await activations();
      assertEquals(history.length, 2 + ok);
      for (let i = 1; i < history.length; i++) assertOk(history[i] !== history[i - 1], "alternates");
      assertEquals(await audits("business.activate") + await audits("business.deactivate"), 2 + ok);
      await Promise.all(answers.map((r) => r.body?.cancel()));
      await db.updateTable("businesses").set({ is_active: true, deactivation_reason: null }).where(
        "id",
        "=",
        A,
      )
        .execute();
    });

    await t.step(
      "add one user to a business 20 times: 1 × 201, 19 × 409, one link, one audit row",
      async () => {
        const B = otherMember.businessId;
        const answers = await burst(ctx, admins, "POST", `/api/auth/user/${member.id}/businesses`, {
          business_id: B,
          is_employee: true,
        });
        assertEquals(statuses(answers), { 201: 1, 409: N - 1 });
        for (const a of answers.filter((a) => a.status === 409)) {
          assertEquals(a.body, { error: USER_MESSAGES.alreadyInBusiness, code: "CONFLICT" });
        }
        const links = await db.selectFrom("business_users").select("id").where("business_id", "=", B)
          .where("user_id", "=", member.id).where("removed_at", "is", null).execute();
        assertEquals(links.length, 1);
        const audit = await db.selectFrom("audit_log").select("id").where(
          "action",
          "=",
          "user_added_to_business",
        )
          .where("entity_id", "=", String(member.id)).execute();
        assertEquals(audit.length, 1);
      },
    );

    await t.step("business_id past int4 is refused in the error model, not a 500", async () => {
      const res = await ctx.request("admin", "POST", `/api/auth/user/${member.id}/businesses`, {
        business_id: 2147483648,
      });
      const body = await res.json();
      assertEquals([res.status, body.code], [422, "VALIDATION_FAILED"]);
      assertEquals(body.issues, [{ path: "business_id", message: "business_id must be a business id" }]);
    });

    await t.step("20 identical employee requests from one DER without a key file one request", async () => {
      await db.updateTable("businesses").set({ is_i3_setup: true, i3_location_code: "LOC-A" }).where(
        "id",
        "=",
        A,
      )
        .execute();
      const person = { first_name: "Rhea", last_name: "Boudreaux", email: "rhea.b@test.local" };
      const answers = await burst(
        ctx,
        [await ctx.tokenFor("der")],
        "POST",
        `/api/auth/business/${A}/employee-requests`,
        person,
      );
      assertEquals(statuses(answers), { 201: 1, 409: N - 1 });
      for (const a of answers.filter((a) => a.status === 409)) {
        assertEquals(a.body, { error: EMPLOYEE_MESSAGES.alreadyRequested, code: "CONFLICT" });
      }
      const filed = await db.selectFrom("employee_requests").select(["id", "notification_id"])
        .where("business_id", "=", A).where("status", "=", "pending").execute();
      assertEquals(filed.length, 1);
      const notifications = await db.selectFrom("notifications").select("id")
        .where("type", "=", "NEW_EMPLOYEE_REQUEST").where("business_id", "=", A).execute();
      assertEquals(notifications.map((n) => n.id), [filed[0].notification_id]);

      // The same person by name with another e-mail, or by e-mail under another name: still one open request.
      const byName = await ctx.request("der", "POST", `/api/auth/business/${A}/employee-requests`, {
        ...person,
        email: "other@test.local",
        first_name: "RHEA",
      });
      assertEquals(byName.status, 409);
      await byName.body?.cancel();
      const byEmail = await ctx.request("der", "POST", `/api/auth/business/${A}/employee-requests`, {
        ...person,
        first_name: "Rita",
        email: "RHEA.B@test.local",
      });
      assertEquals(byEmail.status, 409);
      await byEmail.body?.cancel();
    });

    await t.step(
      "the database holds it even past the service's check: the two partial unique indexes",
      async () => {
        const row = { business_id: A, first_name: "Rhea", last_name: "Boudreaux", email: null };
        const sameName = await db.insertInto("employee_requests").values(row).execute().catch((e) => e);
        assertEquals(uniqueViolation(sameName), "employee_requests_open_name_key");
        const sameEmail = await db.insertInto("employee_requests")
          .values({ ...row, first_name: "Other", email: "Rhea.B@test.local" }).execute().catch((e) => e);
        assertEquals(uniqueViolation(sameEmail), "employee_requests_open_email_key");
        // A closed request does not count: the person can be requested again once it is decided.
        await db.updateTable("employee_requests").set({ status: "rejected", processed_at: new Date() })
          .where("business_id", "=", A).execute();
        await db.insertInto("employee_requests").values(row).execute();
      },
    );

    await t.step("any unique violation answers 409 in the error model (this driver's error)", async () => {
      const error = await db.insertInto("business_users")
        .values({ business_id: A, user_id: der.id, is_owner: true, is_employee: false }).execute()
        .catch((e) => e);
      assertEquals(uniqueViolation(error), "business_users_active_key");
      const app = new Hono().get("/", () => {
        throw error;
      });
      app.onError((err, c) => {
        const { body, status } = errorBody(c, err);
        return c.json(body, status);
      });
      const res = await app.request("/");
      assertEquals([res.status, await res.json()], [409, {
        error: USER_MESSAGES.alreadyInBusiness,
        code: "CONFLICT",
      }]);
      // A constraint without words of its own: the generic sentence.
      const other = await db.insertInto("users")
        .values({ email: "MEMBER@test.local", password_hash: "x", first_name: "A", last_name: "B" }).execute()
        .catch((e) => e);
      const name = uniqueViolation(other);
      assertOk(name !== null, "a second account with the same e-mail is a unique violation");
      const answer = errorBody({ get: () => "req-1", req: { path: "/" }, header: () => {} } as never, other);
      assertEquals([answer.status, answer.body], [409, { error: UNIQUE_CONFLICT, code: "CONFLICT" }]);
    });

    await t.step("the specific words are the services' own", () => {
      assertEquals(UNIQUE_MESSAGES.business_users_active_key, USER_MESSAGES.alreadyInBusiness);
      assertEquals(UNIQUE_MESSAGES.employee_requests_open_name_key, EMPLOYEE_MESSAGES.alreadyRequested);
      assertEquals(UNIQUE_MESSAGES.employee_requests_open_email_key, EMPLOYEE_MESSAGES.alreadyRequested);
    });
  } finally {
    await ctx.close();
  }
});
