import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { adminOnly, assertRoleAnswers } from "../testing/roles.ts";
import { SETTINGS_MESSAGES } from "./schemas.ts";

Deno.test("prices: read from the settings row, for everyone", async (t) => {
  const ctx = await createTestContext();
  try {
    await t.step("the defaults of the migration, in cents", async () => {
      const res = await ctx.request(null, "GET", "/api/prices");
      assertEquals(res.status, 200);
      assertEquals(await res.json(), {
        annual_new_cents: 10500,
        annual_renewal_cents: 9500,
        one_time_cents: 7500,
        compliance_kit_cents: 10000,
      });
      assertEquals(res.headers.get("Cache-Control"), "public, max-age=60");
    });

    await t.step("a changed setting is what the endpoint answers", async () => {
      await ctx.database.db.updateTable("settings")
        .set({ annual_new_cents: 11000, compliance_kit_cents: 12550 }).execute();
      const body = await (await ctx.request(null, "GET", "/api/prices")).json();
      assertEquals([body.annual_new_cents, body.compliance_kit_cents], [11000, 12550]);
    });

    await t.step("roles: public", async () => {
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: "/api/prices",
        expect: { anonymous: 200, member: 200, otherMember: 200, otherDer: 200, admin: 200, der: 200 },
      });
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("settings: the administrators read and change the prices and the renewal notice days", async (t) => {
  const ctx = await createTestContext();
  try {
    const read = async () => (await (await ctx.request("admin", "GET", "/api/auth/settings")).json()).data;
    const save = (body: unknown) => ctx.request("admin", "PUT", "/api/auth/settings", body);
    const form = (data: Record<string, unknown>, change: Record<string, unknown> = {}) => ({
      annual_new_cents: data.annual_new_cents,
      annual_renewal_cents: data.annual_renewal_cents,
      one_time_cents: data.one_time_cents,
      compliance_kit_cents: data.compliance_kit_cents,
      renewal_notice_days: data.renewal_notice_days,
      updated_at: data.updated_at,
      ...change,
    });

    await t.step(
      "what the screen shows: the prices, the notice days, the pause rule (read only)",
      async () => {
        const data = await read();
        assertEquals({ ...data, updated_at: typeof data.updated_at }, {
          annual_new_cents: 10500,
          annual_renewal_cents: 9500,
          one_time_cents: 7500,
          compliance_kit_cents: 10000,
          renewal_notice_days: 30,
          roster_confirmation_months: 3,
          pause_warning_days: 125,
          pause_window_days: 185,
          updated_at: "string",
        });
      },
    );

    await t.step(
      "a change applies at once (the public prices), and is audited with before and after",
      async () => {
        const before = await read();
        const res = await save(form(before, { annual_new_cents: 11000, renewal_notice_days: 21 }));
        assertEquals(res.status, 200);
        const body = await res.json();
        assertEquals(body.message, SETTINGS_MESSAGES.updated);
        assertEquals([body.data.annual_new_cents, body.data.renewal_notice_days], [11000, 21]);
        assertOk(body.data.updated_at !== before.updated_at, "a new version to save against");
        const prices = await (await ctx.request(null, "GET", "/api/prices")).json();
        assertEquals(prices.annual_new_cents, 11000);
        const row = await ctx.database.db.selectFrom("audit_log").select([
          "actor_user_id",
          "entity",
          "detail",
        ])
          .where("action", "=", "settings_updated").executeTakeFirstOrThrow();
        assertEquals(row.actor_user_id, ctx.users.admin.id);
        assertEquals(row.entity, "settings");
        assertEquals(row.detail, {
          changes: { annual_new_cents: [10500, 11000], renewal_notice_days: [30, 21] },
        });
      },
    );

    await t.step("saving what is already there changes nothing and audits nothing", async () => {
      const res = await save(form(await read()));
      assertEquals((await res.json()).message, SETTINGS_MESSAGES.unchanged);
      const rows = await ctx.database.db.selectFrom("audit_log").select("id")
        .where("action", "=", "settings_updated").execute();
      assertEquals(rows.length, 1);
    });

    await t.step(
      "two administrators with the same form: the second is told, and nothing of theirs is written",
      async () => {
        const opened = await read();
        const first = await save(form(opened, { one_time_cents: 8000 }));
        assertEquals(first.status, 200);
        const second = await save(form(opened, { compliance_kit_cents: 20000 }));
        assertEquals(second.status, 409);
        assertEquals((await second.json()).error, SETTINGS_MESSAGES.changed);
        const now = await read();
        assertEquals([now.one_time_cents, now.compliance_kit_cents], [8000, 10000]);
        // The first save sent again (its answer was lost): what it asks is there, so it is not a conflict.
        const again = await save(form(opened, { one_time_cents: 8000 }));
        assertEquals([again.status, (await again.json()).message], [200, SETTINGS_MESSAGES.unchanged]);
      },
    );

    await t.step("bad input: the form's messages, field by field; nothing written", async () => {
      const opened = await read();
      for (
        const [change, field, message] of [
          [{ annual_renewal_cents: 49 }, "annual_renewal_cents", SETTINGS_MESSAGES.price],
          [{ one_time_cents: 1_000_001 }, "one_time_cents", SETTINGS_MESSAGES.price],
          [{ compliance_kit_cents: 12.5 }, "compliance_kit_cents", SETTINGS_MESSAGES.price],
          [{ annual_new_cents: "105" }, "annual_new_cents", SETTINGS_MESSAGES.price],
          [{ renewal_notice_days: 14 }, "renewal_notice_days", SETTINGS_MESSAGES.noticeDays],
          [{ renewal_notice_days: 46 }, "renewal_notice_days", SETTINGS_MESSAGES.noticeDays],
          [{ updated_at: "yesterday" }, "updated_at", "updated_at must be the settings' last change"],
        ] as const
      ) {
        const res = await save(form(opened, change));
        assertEquals(res.status, 422, JSON.stringify(change));
        const body = await res.json();
        assertEquals(body.issues?.find((i: { path: string }) => i.path === field)?.message, message);
      }
      assertEquals(await read(), opened);
    });

    await t.step("roles: the administrators' only", async () => {
      await assertRoleAnswers(ctx, { method: "GET", path: "/api/auth/settings", expect: adminOnly(200) });
      const opened = await read();
      await assertRoleAnswers(ctx, {
        method: "PUT",
        path: "/api/auth/settings",
        body: () => form(opened),
        expect: adminOnly(200),
      });
    });
  } finally {
    await ctx.close();
  }
});
