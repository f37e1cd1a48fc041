/**
 * History that says what changed (issue 37), read off the route table like audit-per-route.test.ts: every
 * administrator-only route that changes something is either an edit of a record's fields, whose audit row must
 * carry before → after for the fields it changed (`detail.changes` or `detail.before`/`after`, read by
 * audit/service.ts changesOf, so every History and the Audit screen show it), or named below as another kind
 * of change (it creates, deletes, sends or runs something: there is no "before" to show) with the reason. A new
 * administrator route fails this test until it is put in one list or the other.
 */
import { changesOf } from "./audit/service.ts";
import { GUARD_ACTIONS } from "./lib/audit-guard.ts";
import { describeRoutes } from "./lib/openapi.ts";
import { assertEquals, assertOk } from "./testing/assert.ts";
import { createTestContext, type TestContext } from "./testing/app.ts";
import { confirmCard } from "./testing/cards.ts";
import { addDays, addYears, officeDay } from "./lib/dates.ts";

/** Edits of a record: the field each must show before → after when called below. */
const EDITS: Record<string, string> = {
  "PUT /api/auth/user/:id": "last_name",
  "PUT /api/auth/user/:id/admin": "admin",
  "PUT /api/auth/business/:id/activate": "is_active",
  "PUT /api/auth/business/:id/deactivate": "is_active",
  "PUT /api/auth/business/:id/change": "name",
  "PUT /api/auth/notification/:id": "last_name",
  "PUT /api/auth/user/:id/payment-methods/:pmId/default": "default",
  "PUT /api/auth/settings": "compliance_kit_cents",
  "PUT /api/auth/user/:id/membership": "expire_at",
  "POST /api/auth/user/:id/membership/pause": "paused",
  "POST /api/auth/user/:id/membership/resume": "paused",
  "PUT /api/auth/notification/membership/paused/:id/resume": "paused",
  "DELETE /api/auth/user/:id/membership/cancel": "cancelled",
  "PUT /api/auth/items/:id": "cost_cents",
  "POST /api/auth/orders/:id/cancel": "status",
  "POST /api/auth/orders/:id/shipment": "shipping",
  "POST /api/auth/orders/:id/delivered": "shipping",
  "PUT /api/auth/random-rates/:year": "rate_percent",
  "PUT /api/auth/retention/schedule/:kind": "period_months",
};

const CREATES = "creates a record: its row names it, there is no before";
const DELETES = "deletes or closes a record: its row names it";
const SENDS = "sends or runs something (mail, i3, a job): nothing of a record is edited";
const DESK = "a desk decision on a notification: its row names the decision and the notification";
const SECRET = "sets a secret: the row says it was set, never the values";
const MERGES = "moves one account's records to another and closes it: its rows name both and what moved";

/** Every other administrator change, with why it has no before → after. */
const NOT_EDITS: Record<string, string> = {
  "DELETE /api/auth/user/:id/second-factor": SECRET,
  "POST /api/auth/users": CREATES,
  "DELETE /api/auth/user/:id": DELETES,
  "POST /api/auth/user/:id/password-reset": SENDS,
  "PUT /api/auth/user/:id/password": SECRET,
  "POST /api/auth/user/:id/businesses": CREATES,
  "POST /api/auth/user/:id/safety-document": CREATES,
  "DELETE /api/auth/user/:id/safety-document": DELETES,
  "POST /api/auth/businesses": CREATES,
  "DELETE /api/auth/business/:id": DELETES,
  "POST /api/auth/business/:id/business-users": CREATES,
  "POST /api/auth/user/:id/payment-methods": CREATES,
  "DELETE /api/auth/user/:id/payment-methods/:pmId": DELETES,
  "POST /api/auth/business/:id/i3": SENDS,
  "POST /api/auth/drug-test/:id/retry": SENDS,
  "POST /api/auth/user/:id/compliance-email": SENDS,
  "POST /api/auth/user/:id/membership": CREATES,
  "POST /api/auth/items": CREATES,
  "DELETE /api/auth/items/:id": DELETES,
  "POST /api/auth/user/:id/order/purchase": CREATES,
  "PUT /api/auth/notification/:id/decline": DESK,
  "POST /api/auth/notifications/bulk": DESK,
  "PUT /api/auth/notification/:id/archive": DESK,
  "PUT /api/auth/notification/membership/paused/:id/archive": DESK,
  "PUT /api/auth/notification/registration/:id/test/order": SENDS,
  "DELETE /api/auth/notification/registration/:id": DESK,
  "PUT /api/auth/notification/registration/:id/archive": DESK,
  "PUT /api/auth/notification/registration/:id/loc": SENDS,
  "PUT /api/auth/notification/registration/:id/company/training": DESK,
  "PUT /api/auth/notification/registration/:id/company/link": DESK,
  "POST /api/auth/notification/registration/:id/business": CREATES,
  "PUT /api/auth/notification/registration/:id/employee/link": DESK,
  "POST /api/auth/notification/registration/:id/employee": CREATES,
  "POST /api/auth/exports": SENDS,
  "POST /api/auth/export/:id/retry": SENDS,
  "POST /api/auth/randoms": CREATES,
  "POST /api/auth/randoms/:id/build": SENDS,
  "POST /api/auth/randoms/:id/order": SENDS,
  "POST /api/auth/randoms/:id/release": SENDS,
  "POST /api/auth/randoms/:id/refresh": SENDS,
  "POST /api/auth/randoms/:id/pdfs": SENDS,
  "POST /api/auth/randoms/:id/candidates/:candidateId/exempt": CREATES,
  "POST /api/auth/randoms/:id/candidates/:candidateId/substitute": CREATES,
  "POST /api/auth/user/:id/merge": MERGES,
  "POST /api/auth/user/:id/membership/refund": CREATES,
  "PUT /api/auth/notification/:id/reopen": DESK,
  "POST /api/auth/employee-request-batches/:id/approve": DESK,
  "POST /api/auth/employee-request-batches/:id/decline": DESK,
  "POST /api/auth/roster-confirmations/:id/remind": SENDS,
  "POST /api/auth/roster-confirmations/send": SENDS,
  "POST /api/auth/imports": CREATES,
  "POST /api/auth/import/:id/check": SENDS,
  "POST /api/auth/import/:id/apply": SENDS,
  "POST /api/auth/import/:id/rollback": DELETES,
  "POST /api/auth/import/:id/claim": SENDS,
  "POST /api/auth/legal-holds": CREATES,
  "POST /api/auth/legal-holds/:id/lift": DELETES,
};

const GUARD_ROWS = new Set<string>(Object.values(GUARD_ACTIONS));

Deno.test("audit: every administrator edit writes before → after for the fields it changed", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  const admin = ctx.users.admin.id;
  // Dates from the context's clock, so the calls hold on whatever day the suite runs (decision 0088): a
  // payment a week ago in the office, and a new expiry a year and two months ahead.
  const today = officeDay(ctx.deps.now(), ctx.deps.config.officeTimeZone);
  const paidOn = addDays(today, -7);
  const laterExpiry = addDays(addYears(today, 1), 60);
  try {
    const routes = describeRoutes(ctx.app).filter((r) =>
      r.path.startsWith("/api/") && r.method !== "GET" && !!r.access?.length &&
      r.access.every((role) => role === "admin")
    ).map((r) => `${r.method} ${r.path}`);

    await t.step("each administrator change is an edit or says why it is not", () => {
      const both = Object.keys(EDITS).filter((k) => k in NOT_EDITS);
      assertEquals(both, [], "in both lists");
      const unlisted = routes.filter((k) => !(k in EDITS) && !(k in NOT_EDITS));
      assertEquals(unlisted, [], "administrator changes in neither list: an edit must write before → after");
      const gone = [...Object.keys(EDITS), ...Object.keys(NOT_EDITS)].filter((k) => !routes.includes(k));
      assertEquals(gone, [], "listed routes that are not in the route table");
    });

    await t.step("each edit, called validly, shows before → after of what it changed", async () => {
      const shown = new Map<string, string>();
      const problems: string[] = [];
      const member = ctx.users.member.id;
      const companyA = ctx.users.der.businessId;
      /** Calls one route as the administrator; checks its row; answers the body's data. */
      const edit = async (key: string, path: string, body?: object) => {
        const [method] = key.split(" ");
        const requestId = `before-after-${crypto.randomUUID()}`;
        const res = await ctx.request("admin", method, path, body, { "X-Request-Id": requestId });
        const answer = res.headers.get("Content-Type")?.includes("json") ? await res.json() : null;
        if (res.status >= 400) {
          problems.push(`${key}: ${res.status} ${JSON.stringify(answer).slice(0, 200)}`);
          return answer?.data;
        }
        const rows = await db.selectFrom("audit_log").select(["action", "detail", "actor_user_id"])
          .where("request_id", "=", requestId).execute();
        const field = EDITS[key];
        const pairs = rows.filter((r) => !GUARD_ROWS.has(r.action) && r.actor_user_id === admin)
          .flatMap((r) => changesOf((r.detail ?? {}) as Record<string, unknown>));
        const pair = pairs.find((p) => p.field === field);
        if (!pair || pair.before === pair.after) {
          problems.push(`${key}: no ${field} before → after in ${JSON.stringify(rows.map((r) => r.detail))}`);
        } else shown.set(key, `${pair.before} → ${pair.after}`);
        return answer?.data;
      };

      // Users: Save user, admin rights, an approved change of the member's own details.
      await edit("PUT /api/auth/user/:id", `/api/auth/user/${member}`, {
        email: ctx.users.member.email,
        first_name: "Mia",
        last_name: "Renamed",
      });
      const created = (await (await ctx.request("admin", "POST", "/api/auth/users", {
        email: "before.after@test.local",
        first_name: "Bea",
        last_name: "Fore",
        password: "a long enough password",
      })).json()).data;
      await edit("PUT /api/auth/user/:id/admin", `/api/auth/user/${created.id}/admin`, {
        data: { admin: true },
      });
      const asked = await ctx.request(
        "member",
        "PUT",
        "/api/auth/account/profile",
        { last_name: "Askedfor" },
        {
          "Idempotency-Key": "before-after-profile",
        },
      );
      assertEquals(asked.status, 200, await asked.clone().text());
      const change = await db.selectFrom("notifications").select("id").where("type", "=", "UPDATE_USER")
        .where("user_id", "=", member).where("archived_at", "is", null).executeTakeFirstOrThrow();
      await edit("PUT /api/auth/notification/:id", `/api/auth/notification/${change.id}`, { approved: true });

      // Businesses: deactivate and activate; a waiting change of the company's name approved.
      await edit("PUT /api/auth/business/:id/deactivate", `/api/auth/business/${companyA}/deactivate`, {
        reason: "Before and after",
      });
      await edit("PUT /api/auth/business/:id/activate", `/api/auth/business/${companyA}/activate`);
      const renamed = await ctx.request("der", "PUT", `/api/auth/business/${companyA}`, {
        name: "Renamed Towing LLC",
      }, { "Idempotency-Key": "before-after-business" });
      assertEquals(renamed.status, 200, await renamed.clone().text());
      await edit("PUT /api/auth/business/:id/change", `/api/auth/business/${companyA}/change`, {
        approved: true,
      });

      // Store, orders and their fulfilment.
      const item = (await (await ctx.request("admin", "POST", "/api/auth/items", {
        name: "Before swab",
        cost_cents: 700,
      })).json()).data;
      await edit("PUT /api/auth/items/:id", `/api/auth/items/${item.id}`, {
        name: "Before swab",
        cost_cents: 800,
      });
      const purchase = async () =>
        (await (await ctx.request("admin", "POST", `/api/auth/user/${member}/order/purchase`, {
          payment_type: "manual",
          payment_medium: "Cash Received",
          payment_date: paidOn,
          items: [{ id: item.id, quantity: 1 }],
        })).json()).data;
      await edit("POST /api/auth/orders/:id/cancel", `/api/auth/orders/${(await purchase()).id}/cancel`);
      await db.updateTable("store_items").set({ ships: true }).where("id", "=", item.id).execute();
      const parcel = await purchase();
      await edit("POST /api/auth/orders/:id/shipment", `/api/auth/orders/${parcel.id}/shipment`, {
        carrier: "UPS",
        tracking_number: "1Z999AA10123456784",
      });
      await edit("POST /api/auth/orders/:id/delivered", `/api/auth/orders/${parcel.id}/delivered`);

      // A membership: paused, resumed (from its route and from the paused notification), its end, cancelled.
      const started = await ctx.request("admin", "POST", `/api/auth/user/${member}/membership`, {
        type: "manual",
        payment_medium: "Check Received",
        payment_date: paidOn,
        membership_type: "annual",
      });
      assertEquals(started.status < 300, true, await started.clone().text());
      const pause = () =>
        edit("POST /api/auth/user/:id/membership/pause", `/api/auth/user/${member}/membership/pause`, {
          reason: "Other",
          other_reason: "Before and after",
        });
      await pause();
      const paused = await db.selectFrom("notifications").select("id").where("type", "=", "MEMBERSHIP_PAUSED")
        .where("user_id", "=", member).where("archived_at", "is", null).orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      await edit(
        "PUT /api/auth/notification/membership/paused/:id/resume",
        `/api/auth/notification/membership/paused/${paused.id}/resume`,
      );
      await pause();
      await edit("POST /api/auth/user/:id/membership/resume", `/api/auth/user/${member}/membership/resume`);
      await edit("PUT /api/auth/user/:id/membership", `/api/auth/user/${member}/membership`, {
        date: laterExpiry,
        has_expiration: true,
      });
      await edit("DELETE /api/auth/user/:id/membership/cancel", `/api/auth/user/${member}/membership/cancel`);

      // Cards, settings, the random rate.
      const card = async () =>
        (await (await ctx.request("admin", "POST", `/api/auth/user/${member}/payment-methods`, {
          setup_intent_id: await confirmCard(ctx, await ctx.tokenFor("member")),
        })).json()).data;
      await card();
      const second = await card();
      await edit(
        "PUT /api/auth/user/:id/payment-methods/:pmId/default",
        `/api/auth/user/${member}/payment-methods/${second.id}/default`,
      );
      const settings = (await (await ctx.request("admin", "GET", "/api/auth/settings")).json()).data;
      await edit("PUT /api/auth/settings", "/api/auth/settings", {
        annual_new_cents: settings.annual_new_cents,
        annual_renewal_cents: settings.annual_renewal_cents,
        one_time_cents: settings.one_time_cents,
        compliance_kit_cents: settings.compliance_kit_cents + 100,
        renewal_notice_days: settings.renewal_notice_days,
        updated_at: settings.updated_at,
      });
      await edit("PUT /api/auth/random-rates/:year", "/api/auth/random-rates/2026", { rate_percent: 25 });
      await edit("PUT /api/auth/retention/schedule/:kind", "/api/auth/retention/schedule/emails", {
        period_months: 18,
      });

      assertEquals(problems, [], "edits whose row does not say what changed");
      const uncalled = Object.keys(EDITS).filter((k) => !shown.has(k));
      assertEquals(uncalled, [], "edits this test did not call");
      assertOk(
        shown.get("PUT /api/auth/user/:id")?.endsWith("→ Renamed"),
        shown.get("PUT /api/auth/user/:id"),
      );
    });
  } finally {
    await ctx.close();
  }
});

/** The company's History (entity business) starts with the administrator's approval of its request. */
Deno.test("audit: a company's History holds the approval of its company request", async () => {
  const ctx: TestContext = await createTestContext();
  const { db } = ctx.database;
  try {
    const res = await ctx.request(null, "POST", "/api/register/der/account", {
      email: "history.der@test.local",
      password: "anchors-aweigh-1",
      recaptcha: "dev-captcha-ok",
      opt_in_text: true,
      first_name: "Hal",
      last_name: "Story",
      terms_and_conditions: true,
      company_name: "History Tug LLC",
      company_phone: "(504) 555-0188",
      company_tax_id: "72-7654321",
    });
    assertOk(res.status < 300, await res.text());
    const company = await db.selectFrom("businesses").select("id").where("name", "=", "History Tug LLC")
      .executeTakeFirstOrThrow();
    const request = await db.selectFrom("notifications").select(["id", "type"])
      .where("business_id", "=", company.id).where("archived_at", "is", null)
      .where("type", "in", ["NEW_BUSINESS_REQUEST", "REGISTRATION"]).orderBy("id").execute();
    const notification = request.find((n) => n.type === "NEW_BUSINESS_REQUEST") ?? request[0];
    assertOk(notification, "the company request waits for the administrators");
    const approved = await ctx.request(
      "admin",
      "POST",
      `/api/auth/notification/registration/${notification.id}/business`,
      { name: "History Tug LLC", tax_id: "72-7654321", convert: false },
    );
    assertOk(approved.status < 300, await approved.text());
    const history = await (await ctx.request(
      "admin",
      "GET",
      `/api/auth/audit?entity=business&entity_id=${company.id}&reads=exclude`,
    )).json();
    const actions = history.data.map((r: { attributes: { action: string } }) => r.attributes.action);
    assertOk(actions.includes("business.request_approved"), JSON.stringify(actions));
  } finally {
    await ctx.close();
  }
});
