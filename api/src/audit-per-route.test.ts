/**
 * The audit rule (docs/decisions/0044-audit-and-limits.md, issue 26 item 3), read off the route table: every
 * administrator-only route is called as an administrator on a seeded database, and each call must leave an
 * audit row naming the administrator, the caller's address and the call's request id. A change that answered
 * successfully must have written its own row (naming what it did), not only the audit guard's generic one. The
 * rows are append-only: the database refuses to change or delete one.
 */
import { describeRoutes } from "./lib/openapi.ts";
import { GUARD_ACTIONS, guardAction, UNAUDITED_READS } from "./lib/audit-guard.ts";
import { assertEquals, assertOk, assertRejects } from "./testing/assert.ts";
import { createTestContext, type TestContext } from "./testing/app.ts";
import { confirmCard } from "./testing/cards.ts";
import { addDays, addYears, officeDay } from "./lib/dates.ts";

const IP = "203.0.113.7";
const GUARD_ROWS = new Set<string>(Object.values(GUARD_ACTIONS));
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

/** Sends a request as the administrator from IP with a request id of its own; answers the rows it wrote. */
async function call(
  ctx: TestContext,
  method: string,
  path: string,
  body?: BodyInit | object,
) {
  const requestId = `audit-${crypto.randomUUID()}`;
  const headers = new Headers({
    Authorization: `Bearer ${await ctx.tokenFor("admin")}`,
    "X-Request-Id": requestId,
  });
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers.set("Content-Type", "application/json");
    payload = JSON.stringify(body);
  }
  const res = await ctx.app.request(path, { method, headers, body: payload }, {
    remoteAddr: { hostname: IP },
  });
  await res.body?.cancel();
  const rows = await ctx.database.db.selectFrom("audit_log").selectAll().where("request_id", "=", requestId)
    .execute();
  return { status: res.status, rows, requestId };
}

/** A path with each parameter replaced by a seeded record of the kind it names. */
function pathFor(ctx: TestContext, path: string): string {
  return path.replace(/\/([\w-]+)\/:(\w+)/g, (_m, before: string, name: string) => {
    const value = name === "year"
      ? "2026"
      : before === "user" && name === "id"
      ? String(ctx.users.member.id)
      : before === "business" && name === "id"
      ? String(ctx.users.member.businessId)
      : "1";
    return `/${before}/${value}`;
  }).replace(/:(\w+)/g, "1");
}

Deno.test("audit: every administrator route leaves a row with actor, address and request id", async (t) => {
  const ctx = await createTestContext();
  const admin = ctx.users.admin.id;
  // Dates from the context's clock, so the calls hold on whatever day the suite runs: a payment a week ago in
  // the office, and a new expiry a year and two months ahead (a fixed date passes one day, decision 0088).
  const today = officeDay(ctx.deps.now(), ctx.deps.config.officeTimeZone);
  const paidOn = addDays(today, -7);
  const laterExpiry = addDays(addYears(today, 1), 60);
  try {
    const routes = describeRoutes(ctx.app).filter((r) =>
      r.path.startsWith("/api/") && !!r.access?.length && r.access.every((role) => role === "admin")
    );
    assertOk(routes.length >= 90, `found ${routes.length} administrator routes in the route table`);

    await t.step("the allowlist holds only existing GET routes of the table", () => {
      const keys = new Set(routes.map((r) => `${r.method} ${r.path}`));
      for (const key of UNAUDITED_READS) {
        assertOk(key.startsWith("GET "), `${key} is not a read`);
        assertOk(keys.has(key), `${key} is not an administrator route`);
      }
      assertOk(UNAUDITED_READS.size <= 8, "the allowlist stays small");
    });

    // Routes already called with a valid request that succeeded (the last step sends the rest a generic one).
    const calledValidly = new Set<string>();

    await t.step("the named gaps write rows of their own", async () => {
      const company = ctx.users.member.businessId;
      const i3 = await call(ctx, "POST", `/api/auth/business/${company}/i3`);
      assertEquals(i3.status, 200);
      assertEquals(i3.rows.map((r) => [r.action, r.actor_user_id, r.ip]), [["business.i3_setup", admin, IP]]);
      const roster = await call(ctx, "GET", `/api/auth/business/${company}/roster`);
      assertEquals(roster.status, 200);
      assertEquals(roster.rows.map((r) => [r.action, r.entity_id, r.ip]), [[
        "business.roster_download",
        String(company),
        IP,
      ]]);
      const form = new FormData();
      form.set("document", new File([PDF], "letter.pdf", { type: "application/pdf" }));
      const member = ctx.users.member.id;
      const upload = await call(ctx, "POST", `/api/auth/user/${member}/safety-document`, form);
      assertEquals(upload.status, 201);
      assertEquals(upload.rows.map((r) => [r.action, r.ip]), [["safety_letter_uploaded", IP]]);
      const letter = await call(ctx, "GET", `/api/auth/user/${member}/safety-document`);
      assertEquals(letter.status, 200);
      assertEquals(letter.rows.map((r) => [r.action, r.entity_id, r.actor_user_id, r.ip]), [[
        "safety_letter.download",
        String(member),
        admin,
        IP,
      ]]);
      for (const key of ["POST /api/auth/business/:id/i3", "GET /api/auth/business/:id/roster"]) {
        calledValidly.add(key);
      }
      calledValidly.add("POST /api/auth/user/:id/safety-document").add(
        "GET /api/auth/user/:id/safety-document",
      );
    });

    await t.step(
      "administrator changes, called with valid requests, each write a row of their own",
      async () => {
        const { db } = ctx.database;
        const member = ctx.users.member.id;
        const companyA = ctx.users.member.businessId;
        const companyB = ctx.users.otherMember.businessId;
        const unnamed: string[] = [];
        const refused: string[] = [];
        /** Calls one route validly; answers the body's data for the next calls. */
        const change = async (key: string, path: string, body?: BodyInit | object) => {
          const [method] = key.split(" ");
          const requestId = `audit-${crypto.randomUUID()}`;
          const headers = new Headers({
            Authorization: `Bearer ${await ctx.tokenFor("admin")}`,
            "X-Request-Id": requestId,
          });
          if (body !== undefined) headers.set("Content-Type", "application/json");
          const res = await ctx.app.request(path, {
            method,
            headers,
            body: body === undefined ? undefined : JSON.stringify(body),
          }, { remoteAddr: { hostname: IP } });
          const answer = res.headers.get("Content-Type")?.includes("json")
            ? await res.json()
            : await res.text();
          const rows = await db.selectFrom("audit_log").selectAll().where("request_id", "=", requestId)
            .execute();
          if (res.status >= 400) {
            refused.push(`${key}: ${res.status} ${JSON.stringify(answer).slice(0, 200)}`);
          } else {
            calledValidly.add(key);
            const own = rows.filter((r) =>
              !GUARD_ROWS.has(r.action) && r.actor_user_id === admin && r.ip === IP
            );
            if (!own.length) unnamed.push(`${key} (${rows.map((r) => r.action).join(", ") || "no row"})`);
          }
          if (Deno.env.get("AUDIT_DEBUG")) console.log(key, res.status, JSON.stringify(answer).slice(0, 300));
          return answer?.data;
        };

        await change("PUT /api/auth/user/:id", `/api/auth/user/${member}`, {
          email: ctx.users.member.email,
          first_name: "Mia",
          last_name: "Renamed",
        });
        const created = await change("POST /api/auth/users", "/api/auth/users", {
          email: "new.user@test.local",
          first_name: "Nel",
          last_name: "Test",
          password: "a long enough password",
        });
        const newUser = Number(created?.id);
        await change("PUT /api/auth/user/:id/admin", `/api/auth/user/${newUser}/admin`, {
          data: { admin: true },
        });
        await change("PUT /api/auth/user/:id/password", `/api/auth/user/${newUser}/password`, {
          password: "another long password",
        });
        await change("POST /api/auth/user/:id/password-reset", `/api/auth/user/${newUser}/password-reset`);
        await change("POST /api/auth/user/:id/businesses", `/api/auth/user/${newUser}/businesses`, {
          business_id: companyB,
        });
        await change("DELETE /api/auth/user/:id/safety-document", `/api/auth/user/${member}/safety-document`);
        const business = await change("POST /api/auth/businesses", "/api/auth/businesses", {
          name: "Audit Co",
          tax_id: "12-3456789",
        });
        const fresh = Number(business?.id);
        await change("PUT /api/auth/business/:id/deactivate", `/api/auth/business/${fresh}/deactivate`, {
          reason: "Audit test",
        });
        await change("PUT /api/auth/business/:id/activate", `/api/auth/business/${fresh}/activate`);
        await change(
          "POST /api/auth/business/:id/business-users",
          `/api/auth/business/${fresh}/business-users`,
          {
            user_id: ctx.users.otherMember.id,
            is_employee: true,
          },
        );
        const link = await db.selectFrom("business_users").select("id").where("business_id", "=", fresh)
          .where("user_id", "=", ctx.users.otherMember.id).executeTakeFirst();
        await change(
          "DELETE /api/auth/business/:id/business-users/:businessUserId",
          `/api/auth/business/${fresh}/business-users/${link?.id ?? 0}`,
        );
        const item = await change("POST /api/auth/items", "/api/auth/items", {
          name: "Audit swab",
          cost_cents: 700,
        });
        const itemId = Number(item?.id);
        await change("PUT /api/auth/items/:id", `/api/auth/items/${itemId}`, {
          name: "Audit swab",
          cost_cents: 800,
        });
        const order = await change(
          "POST /api/auth/user/:id/order/purchase",
          `/api/auth/user/${member}/order/purchase`,
          {
            payment_type: "manual",
            payment_medium: "Cash Received",
            payment_date: paidOn,
            items: [{ id: itemId, quantity: 1 }],
          },
        );
        await change("POST /api/auth/orders/:id/cancel", `/api/auth/orders/${Number(order?.id)}/cancel`);
        // An order that ships (sql/0033): marked shipped, then delivered (decision 0061).
        await db.updateTable("store_items").set({ ships: true }).where("id", "=", itemId).execute();
        const parcel = await change(
          "POST /api/auth/user/:id/order/purchase",
          `/api/auth/user/${member}/order/purchase`,
          {
            payment_type: "manual",
            payment_medium: "Cash Received",
            payment_date: paidOn,
            items: [{ id: itemId, quantity: 1 }],
          },
        );
        await change(
          "POST /api/auth/orders/:id/shipment",
          `/api/auth/orders/${Number(parcel?.id)}/shipment`,
          {
            carrier: "UPS",
            tracking_number: "1Z999AA10123456784",
          },
        );
        await change(
          "POST /api/auth/orders/:id/delivered",
          `/api/auth/orders/${Number(parcel?.id)}/delivered`,
        );
        await change("DELETE /api/auth/items/:id", `/api/auth/items/${itemId}`);
        await change("POST /api/auth/user/:id/membership", `/api/auth/user/${member}/membership`, {
          type: "manual",
          payment_medium: "Check Received",
          payment_date: paidOn,
          membership_type: "annual",
        });
        await change(
          "POST /api/auth/user/:id/membership/pause",
          `/api/auth/user/${member}/membership/pause`,
          {
            reason: "Other",
            other_reason: "Audit test",
          },
        );
        await change(
          "POST /api/auth/user/:id/membership/resume",
          `/api/auth/user/${member}/membership/resume`,
        );
        await change("PUT /api/auth/user/:id/membership", `/api/auth/user/${member}/membership`, {
          date: laterExpiry,
          has_expiration: true,
        });
        await change(
          "DELETE /api/auth/user/:id/membership/cancel",
          `/api/auth/user/${member}/membership/cancel`,
        );
        const built = await change("POST /api/auth/exports", "/api/auth/exports", {
          type: "users",
          filters: {},
        });
        await db.updateTable("exports").set({
          status: "FAILED",
          finished_at: new Date(),
          error: "audit test",
        })
          .where("id", "=", Number(built?.id)).execute();
        await change("POST /api/auth/export/:id/retry", `/api/auth/export/${Number(built?.id)}/retry`);
        const intent = await confirmCard(ctx, await ctx.tokenFor("member"));
        const card = await change(
          "POST /api/auth/user/:id/payment-methods",
          `/api/auth/user/${member}/payment-methods`,
          {
            setup_intent_id: intent,
          },
        );
        // The first card is the default already; a second one, made the default, is a change.
        const other = await change(
          "POST /api/auth/user/:id/payment-methods",
          `/api/auth/user/${member}/payment-methods`,
          { setup_intent_id: await confirmCard(ctx, await ctx.tokenFor("member")) },
        );
        const pm = Number(other?.id);
        assertOk(pm !== Number(card?.id), "a second card");
        await change(
          "PUT /api/auth/user/:id/payment-methods/:pmId/default",
          `/api/auth/user/${member}/payment-methods/${pm}/default`,
        );
        await change(
          "DELETE /api/auth/user/:id/payment-methods/:pmId",
          `/api/auth/user/${member}/payment-methods/${pm}`,
        );
        await change("PUT /api/auth/random-rates/:year", "/api/auth/random-rates/2026", { rate_percent: 50 });
        await change("POST /api/auth/randoms", "/api/auth/randoms", { year: 2026, month: 1 });
        await change("DELETE /api/auth/business/:id", `/api/auth/business/${fresh}`);
        // Administrators cannot be deleted: the rights granted above go first.
        await change("PUT /api/auth/user/:id/admin", `/api/auth/user/${newUser}/admin`, {
          data: { admin: false },
        });
        const settings = (await (await ctx.request("admin", "GET", "/api/auth/settings")).json()).data;
        await change("PUT /api/auth/settings", "/api/auth/settings", {
          annual_new_cents: settings.annual_new_cents,
          annual_renewal_cents: settings.annual_renewal_cents,
          one_time_cents: settings.one_time_cents,
          compliance_kit_cents: settings.compliance_kit_cents + 100,
          renewal_notice_days: settings.renewal_notice_days,
          updated_at: settings.updated_at,
        });
        await change("DELETE /api/auth/user/:id", `/api/auth/user/${newUser}`);
        // Reopen (issue 37): an open notification archived, then reopened.
        const open = await db.selectFrom("notifications").select("id").where("archived_at", "is", null)
          .where("approved", "is", null).orderBy("id").executeTakeFirstOrThrow();
        await change("PUT /api/auth/notification/:id/archive", `/api/auth/notification/${open.id}/archive`);
        await change("PUT /api/auth/notification/:id/reopen", `/api/auth/notification/${open.id}/reopen`);
        void companyA;

        assertEquals(refused, [], "the valid requests of this step must succeed");
        assertEquals(unnamed, [], "changes that succeeded with no row of their own");
        assertOk(calledValidly.size >= 25, `${calledValidly.size} changes called validly`);
      },
    );

    await t.step("each administrator route, called on the seeded database", async () => {
      const missing: string[] = [];
      const generic: string[] = [];
      let succeeded = 0;
      for (const route of routes) {
        const key = `${route.method} ${route.path}`;
        if (calledValidly.has(key)) continue;
        const hasBody = route.inputs.some((i) => i.target === "json");
        const { status, rows } = await call(
          ctx,
          route.method,
          pathFor(ctx, route.path),
          hasBody ? {} : undefined,
        );
        assertOk(status < 500, `${key} answered ${status}`);
        if (Deno.env.get("AUDIT_DEBUG")) console.log("generic", key, status);
        if (UNAUDITED_READS.has(key)) continue;
        if (status < 400) succeeded++;
        if (!rows.some((r) => r.actor_user_id === admin && r.ip === IP)) {
          missing.push(`${key} (${status})`);
        } else if (status < 400 && route.method !== "GET" && rows.every((r) => GUARD_ROWS.has(r.action))) {
          generic.push(`${key} (${status})`);
        }
      }
      assertEquals(missing, [], "administrator calls that wrote no audit row");
      assertEquals(generic, [], "changes that wrote no audit row of their own");
      // Most changes refuse an empty body (422): their row is the guard's, with the status; the reads succeed.
      assertOk(succeeded >= 15, `only ${succeeded} calls succeeded: the seeded requests reach too little`);
    });

    await t.step(
      "a member's purchase: the card and the paid order carry the address and request id",
      async () => {
        const { db } = ctx.database;
        const token = await ctx.tokenFor("member");
        const send = async (path: string, body: object) => {
          const requestId = `member-${crypto.randomUUID()}`;
          const res = await ctx.app.request(path, {
            method: "POST",
            headers: {
              Authorization: `Bearer ${token}`,
              "Content-Type": "application/json",
              "X-Request-Id": requestId,
            },
            body: JSON.stringify(body),
          }, { remoteAddr: { hostname: IP } });
          const answer = await res.json();
          assertOk(res.status < 300, `${path}: ${res.status} ${JSON.stringify(answer)}`);
          const rows = await db.selectFrom("audit_log").select(["action", "ip", "actor_user_id"])
            .where("request_id", "=", requestId).execute();
          return { answer, rows };
        };
        const card = await send("/api/auth/account/payment-methods", {
          setup_intent_id: await confirmCard(ctx, token),
        });
        assertEquals(card.rows, [{
          action: "payment_method_added",
          ip: IP,
          actor_user_id: ctx.users.member.id,
        }]);
        const item = await db.insertInto("store_items").values({ name: "Member swab", cost_cents: 700 })
          .returning("id").executeTakeFirstOrThrow();
        const bought = await send("/api/auth/account/order/purchase", {
          payment_method_id: card.answer.data.id,
          items: [{ id: item.id, quantity: 1 }],
        });
        assertEquals(bought.rows.filter((r) => r.action === "order_paid"), [{
          action: "order_paid",
          ip: IP,
          actor_user_id: ctx.users.member.id,
        }]);
      },
    );

    await t.step("who needs a guard row: admin routes always, downloads and admin changes on success", () => {
      const route = (access: ("admin" | "der" | "user")[], produces?: string) => ({
        method: "GET",
        path: "/api/x",
        access,
        inputs: [],
        doc: { summary: "x", produces },
      });
      assertEquals(guardAction(route(["admin"]), "GET", 404, true), GUARD_ACTIONS.admin);
      assertEquals(
        guardAction(route(["user"], "application/pdf"), "GET", 200, false),
        GUARD_ACTIONS.download,
      );
      assertEquals(guardAction(route(["user"], "application/pdf"), "GET", 404, false), null);
      assertEquals(guardAction(route(["der"]), "POST", 201, true), GUARD_ACTIONS.change);
      assertEquals(guardAction(route(["der"]), "POST", 201, false), null);
      assertEquals(guardAction(route(["der"]), "GET", 200, true), null);
    });

    await t.step("the rows are append-only; deleting a user only clears its actor", async () => {
      const { db } = ctx.database;
      const row = await db.selectFrom("audit_log").select("id").where("actor_user_id", "=", admin)
        .executeTakeFirstOrThrow();
      await assertRejects(() =>
        db.updateTable("audit_log").set({ action: "x" }).where("id", "=", row.id).execute()
      );
      await assertRejects(() => db.deleteFrom("audit_log").where("id", "=", row.id).execute());
      const gone = (await db.insertInto("users").values({
        email: "gone@test.local",
        password_hash: "x",
        first_name: "G",
        last_name: "T",
      })
        .returning("id").executeTakeFirstOrThrow()).id;
      await db.insertInto("audit_log").values({ actor_user_id: gone, action: "x", entity: "user" }).execute();
      await db.deleteFrom("users").where("id", "=", gone).execute();
      const kept = await db.selectFrom("audit_log").select("actor_user_id").where("action", "=", "x")
        .execute();
      assertEquals(kept, [{ actor_user_id: null }]);
    });
  } finally {
    await ctx.close();
  }
});
