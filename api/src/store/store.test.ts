import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { adminOnly, assertRoleAnswers } from "../testing/roles.ts";
import { ITEM_MESSAGES } from "./schemas.ts";

Deno.test("store items: the members' catalogue and the administrators' item form", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  try {
    const [swab, form, retired] = await db.insertInto("store_items").values([
      { name: "Alarm Swab Replacement", cost_cents: 700, sort_order: 2, description: "Yearly, each." },
      { name: "Replacement Custody Control Form", cost_cents: 6000, sort_order: 1 },
      { name: "Retired Item", cost_cents: 100, active: false },
    ]).returning("id").execute().then((rows) => rows.map((r) => r.id));

    await t.step("members see active items in the store's order, cost in cents", async () => {
      const res = await ctx.request("member", "GET", "/api/store/items");
      assertEquals(res.status, 200);
      assertEquals((await res.json()).data, [
        {
          id: form,
          type: "store_item",
          attributes: { name: "Replacement Custody Control Form", description: null, cost: 6000 },
          relationships: {},
        },
        {
          id: swab,
          type: "store_item",
          attributes: { name: "Alarm Swab Replacement", description: "Yearly, each.", cost: 700 },
          relationships: {},
        },
      ]);
    });

    await t.step("one item; an inactive or unknown one is a 404", async () => {
      const res = await ctx.request("member", "GET", `/api/store/items/${swab}`);
      assertEquals((await res.json()).data.attributes.cost, 700);
      assertEquals((await ctx.request("member", "GET", `/api/store/items/${retired}`)).status, 404);
      assertEquals((await ctx.request("member", "GET", "/api/store/items/999999")).status, 404);
    });

    let created = 0;
    await t.step("an administrator adds an item", async () => {
      const res = await ctx.request("admin", "POST", "/api/auth/items", {
        name: "  Post-Accident Test Charge ",
        cost_cents: 6000,
        description: "",
      });
      assertEquals(res.status, 201);
      const { data } = await res.json();
      created = data.id;
      assertEquals(data.attributes.name, "Post-Accident Test Charge");
      assertEquals(
        [
          data.attributes.cost,
          data.attributes.description,
          data.attributes.active,
          data.attributes.sort_order,
        ],
        [6000, null, true, 0],
      );
    });

    await t.step("the form's rules: name required, cost a whole number of cents from 0", async () => {
      const cases: [unknown, string, string][] = [
        [{ cost_cents: 100 }, "name", ITEM_MESSAGES.nameRequired],
        [{ name: "   ", cost_cents: 100 }, "name", ITEM_MESSAGES.nameRequired],
        [{ name: "X" }, "cost_cents", ITEM_MESSAGES.costRequired],
        [{ name: "X", cost_cents: -1 }, "cost_cents", ITEM_MESSAGES.costInvalid],
        [{ name: "X", cost_cents: 10.5 }, "cost_cents", ITEM_MESSAGES.costInvalid],
        [{ name: "X", cost_cents: "100" }, "cost_cents", ITEM_MESSAGES.costInvalid],
        [{ name: "X", cost_cents: 10_000_001 }, "cost_cents", ITEM_MESSAGES.costInvalid],
      ];
      for (const [body, path, message] of cases) {
        const res = await ctx.request("admin", "POST", "/api/auth/items", body);
        assertEquals(res.status, 422, JSON.stringify(body));
        const answer = await res.json();
        assertEquals([answer.issues[0].path, answer.error], [path, message], JSON.stringify(body));
      }
      const free = await ctx.request("admin", "POST", "/api/auth/items", {
        name: "Free leaflet",
        cost_cents: 0,
      });
      assertEquals(free.status, 201, "a free item is allowed (an order's total must still be above 0)");
    });

    await t.step("update replaces the form; deactivating takes it out of the store", async () => {
      const res = await ctx.request("admin", "PUT", `/api/auth/items/${created}`, {
        name: "Post-Accident Test",
        cost_cents: 6500,
        description: "Each.",
        active: false,
        sort_order: 5,
      });
      assertEquals(res.status, 200);
      const { data } = await res.json();
      assertEquals(
        [data.attributes.name, data.attributes.cost, data.attributes.active, data.attributes.sort_order],
        ["Post-Accident Test", 6500, false, 5],
      );
      assertEquals((await ctx.request("member", "GET", `/api/store/items/${created}`)).status, 404);
      const one = await (await ctx.request("admin", "GET", `/api/auth/items/${created}`)).json();
      assertEquals(one.data.attributes.active, false);
      const audited = await db.selectFrom("audit_log").select("detail").where(
        "action",
        "=",
        "store_item_updated",
      )
        .where("entity_id", "=", String(created)).executeTakeFirstOrThrow();
      // Before → after of each field the save changed, and only those (issue 37: the name was left out).
      assertEquals(audited.detail, {
        changes: {
          name: ["Post-Accident Test Charge", "Post-Accident Test"],
          cost_cents: [6000, 6500],
          description: [null, "Each."],
          active: [true, false],
          sort_order: [0, 5],
        },
      });
      const missing = await ctx.request("admin", "PUT", "/api/auth/items/999999", {
        name: "X",
        cost_cents: 1,
      });
      assertEquals(missing.status, 404);
      assertEquals((await ctx.request("admin", "GET", "/api/auth/items/999999")).status, 404);
    });

    await t.step("the Ships flag: set and cleared by the form, kept when an edit omits it", async () => {
      const first = await (await ctx.request("admin", "GET", `/api/auth/items/${created}`)).json();
      assertEquals(first.data.attributes.ships, false, "a new item does not ship unless ticked");
      const body = { name: "Post-Accident Test", cost_cents: 6500, active: false, sort_order: 5 };
      const ships = async (b: Record<string, unknown>) => {
        const res = await ctx.request("admin", "PUT", `/api/auth/items/${created}`, b);
        assertEquals(res.status, 200);
        return (await res.json()).data.attributes.ships;
      };
      assertEquals(await ships({ ...body, ships: true }), true);
      assertEquals(await ships(body), true, "an edit without the flag keeps it");
      assertEquals(await ships({ ...body, ships: false }), false);
      const bad = await ctx.request("admin", "PUT", `/api/auth/items/${created}`, { ...body, ships: "yes" });
      assertEquals(bad.status, 422);
      await assertRoleAnswers(ctx, {
        method: "PUT",
        path: `/api/auth/items/${created}`,
        body: () => ({ ...body, ships: true }),
        expect: adminOnly(200),
      });
      assertEquals(await ships(body), true, "only the administrator's edit set it");
    });

    await t.step("the administrators' list pages, sorts and filters", async () => {
      const all = await (await ctx.request("admin", "GET", "/api/auth/items?per_page=2")).json();
      assertEquals(all.meta, { total: 5, page: 1, per_page: 2 });
      const inactive = await (await ctx.request("admin", "GET", "/api/auth/items?active=false")).json();
      assertEquals(inactive.data.map((i: { id: number }) => i.id).sort(), [retired, created].sort());
      const cheap = await (await ctx.request("admin", "GET", "/api/auth/items?sort_by=cost&sort_dir=asc"))
        .json();
      assertEquals(cheap.data[0].attributes.cost, 0);
      assertOk("active" in cheap.data[0].attributes);
      assertEquals((await ctx.request("admin", "GET", "/api/auth/items?sort_by=secret")).status, 422);
    });

    await t.step("roles", async () => {
      const everyone = { anonymous: 401, member: 200, otherMember: 200, otherDer: 200, admin: 200 };
      await assertRoleAnswers(ctx, { method: "GET", path: "/api/store/items", expect: everyone });
      await assertRoleAnswers(ctx, { method: "GET", path: `/api/store/items/${swab}`, expect: everyone });
      const admins = { anonymous: 401, member: 403, otherMember: 403, otherDer: 403, der: 403 };
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: "/api/auth/items",
        expect: { ...admins, admin: 200 },
      });
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: `/api/auth/items/${swab}`,
        expect: { ...admins, admin: 200 },
      });
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: "/api/auth/items",
        body: () => ({ name: "Role check", cost_cents: 100 }),
        expect: { ...admins, admin: 201 },
      });
      await assertRoleAnswers(ctx, {
        method: "PUT",
        path: `/api/auth/items/${swab}`,
        body: () => ({ name: "Alarm Swab Replacement", cost_cents: 700, description: "Yearly, each." }),
        expect: { ...admins, admin: 200 },
      });
      await assertRoleAnswers(ctx, {
        method: "DELETE",
        path: "/api/auth/items/999999",
        expect: { ...admins, admin: 404 },
      });
    });

    await t.step("retire: an ordered item is kept inactive, one never ordered is deleted", async () => {
      const order = await db.insertInto("orders").values({ user_id: ctx.users.member.id, total_cents: 700 })
        .returning("id").executeTakeFirstOrThrow();
      await db.insertInto("order_items").values({
        order_id: order.id,
        item_id: swab,
        name: "Alarm Swab Replacement",
        cost_cents: 700,
        quantity: 1,
      }).execute();
      const kept = await ctx.request("admin", "DELETE", `/api/auth/items/${swab}`);
      assertEquals(await kept.json(), { message: ITEM_MESSAGES.retired, retired: true });
      const row = await db.selectFrom("store_items").select("active").where("id", "=", swab)
        .executeTakeFirst();
      assertEquals(row?.active, false);
      const gone = await ctx.request("admin", "DELETE", `/api/auth/items/${form}`);
      assertEquals(await gone.json(), { message: ITEM_MESSAGES.deleted, retired: false });
      assertEquals(
        await db.selectFrom("store_items").select("id").where("id", "=", form).executeTakeFirst(),
        undefined,
      );
      const audits = await db.selectFrom("audit_log").select("action")
        .where("action", "in", ["store_item_retired", "store_item_deleted"]).execute();
      assertEquals(audits.length, 2);
    });
  } finally {
    await ctx.close();
  }
});
