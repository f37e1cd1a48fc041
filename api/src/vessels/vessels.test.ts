/**
 * Vessels: the fleet list, add (NEW_VESSEL), manage by id (UPDATE_VESSEL with before and after), the USCG
 * fields' rules, roles and ownership, and idempotent adds.
 */
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { assertRoleAnswers } from "../testing/roles.ts";

Deno.test("vessels", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  const A = ctx.users.der.businessId;
  const notes = (type: "NEW_VESSEL" | "UPDATE_VESSEL") =>
    db.selectFrom("notifications").select(["meta", "vessel_id", "business_id", "trigger_user_id"])
      .where("type", "=", type).orderBy("id").execute();
  try {
    let vesselId = 0;
    await t.step("the owner adds a vessel: applied at once and reported as NEW_VESSEL", async () => {
      const res = await ctx.request("der", "POST", `/api/auth/business/${A}/vessels`, {
        name: "M/V Pelican",
        official_number: "O.N. 1 234 567",
        vessel_type: "Towing vessel",
      });
      assertEquals(res.status, 201);
      const { data } = await res.json();
      vesselId = data.id;
      assertEquals(data.attributes.official_number, "1234567", "the O.N. prefix and spaces are dropped");
      assertEquals(data.attributes.is_active, true);
      assertEquals(data.relationships.business.data.id, A);
      const [n] = await notes("NEW_VESSEL");
      assertEquals([n.vessel_id, n.business_id, n.trigger_user_id], [vesselId, A, ctx.users.der.id]);
      assertEquals((n.meta as { vessel_name: string }).vessel_name, "M/V Pelican");
    });

    await t.step("the spec's and the form's messages", async () => {
      const res = await ctx.request("der", "POST", `/api/auth/business/${A}/vessels`, {
        name: "",
        official_number: "12AB",
      });
      assertEquals(res.status, 422);
      const issues = (await res.json()).issues.map((i: { message: string }) => i.message).sort();
      assertEquals(issues, ["Official Number must be 5 to 8 digits", "Vessel Name is required!"]);
      const dup = await ctx.request("der", "POST", `/api/auth/business/${A}/vessels`, {
        name: "Other",
        official_number: "1234567",
      });
      assertEquals(dup.status, 422);
      assertEquals(
        (await dup.json()).error,
        "A vessel with this official number is already listed for this business.",
      );
    });

    await t.step("roles: the fleet is seen by the business's people; adding is the owner's", async () => {
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: `/api/auth/business/${A}/vessels`,
        expect: { anonymous: 401, member: 200, otherMember: 404, otherDer: 404, admin: 200, der: 200 },
      });
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: `/api/auth/business/${A}/vessels`,
        body: (who) => ({ name: `Boat of ${who}` }),
        expect: { anonymous: 401, member: 403, otherMember: 404, otherDer: 404, admin: 201, der: 201 },
      });
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: `/api/auth/vessel/${vesselId}`,
        expect: { anonymous: 401, member: 200, otherMember: 404, otherDer: 404, admin: 200, der: 200 },
      });
      await assertRoleAnswers(ctx, {
        method: "PUT",
        path: `/api/auth/vessel/${vesselId}`,
        body: () => ({}),
        expect: { anonymous: 401, member: 403, otherMember: 404, otherDer: 404, admin: 200, der: 200 },
      });
      assertEquals((await ctx.request("admin", "GET", "/api/auth/vessel/999999")).status, 404);
    });

    await t.step("an administrator's vessel is not reported, only audited", async () => {
      const reported = (await notes("NEW_VESSEL")).map((n) =>
        (n.meta as { vessel_name: string }).vessel_name
      );
      assertEquals(reported, ["M/V Pelican", "Boat of der"]);
      const audit = await db.selectFrom("audit_log").select("action").where("action", "=", "vessel.add")
        .execute();
      assertEquals(audit.length, 3);
    });

    await t.step(
      "managing a vessel applies at once and reports UPDATE_VESSEL with before and after",
      async () => {
        const res = await ctx.request("der", "PUT", `/api/auth/vessel/${vesselId}`, {
          name: "M/V Pelican II",
          is_active: false,
          vessel_type: "Towing vessel",
        });
        assertEquals(res.status, 200);
        const { data } = await res.json();
        assertEquals([data.attributes.name, data.attributes.is_active], ["M/V Pelican II", false]);
        const [n] = await notes("UPDATE_VESSEL");
        assertEquals(n.vessel_id, vesselId);
        const meta = n.meta as Record<string, unknown>;
        assertEquals(meta.changes, { name: "M/V Pelican II", is_active: false });
        assertEquals(meta.previous, { name: "M/V Pelican", is_active: true });
        assertEquals([meta.vessel_name, meta.previous_vessel_name], ["M/V Pelican II", "M/V Pelican"]);
        const list = (await (await ctx.request("der", "GET", `/api/auth/business/${A}/vessels`)).json()).data;
        assertEquals(list.at(-1).id, vesselId, "out of service vessels are listed last");
        const nothing = await ctx.request("der", "PUT", `/api/auth/vessel/${vesselId}`, {
          name: "M/V Pelican II",
        });
        assertEquals(nothing.status, 200);
        assertEquals((await notes("UPDATE_VESSEL")).length, 1, "no change, no notification");
      },
    );

    await t.step("adding is idempotent; an individual business has no vessels", async () => {
      const send = () =>
        ctx.request("der", "POST", `/api/auth/business/${A}/vessels`, { name: "Once" }, {
          "Idempotency-Key": "vessel-once",
        });
      const first = await (await send()).json();
      const again = await send();
      assertEquals((await again.json()).data.id, first.data.id);
      const { id } = await db.insertInto("businesses").values({ name: "Solo", is_individual: true })
        .returning("id").executeTakeFirstOrThrow();
      await db.insertInto("business_users").values({
        business_id: id,
        user_id: ctx.users.member.id,
        is_owner: true,
      })
        .execute();
      const solo = await ctx.request("member", "POST", `/api/auth/business/${id}/vessels`, { name: "Skiff" });
      assertEquals(solo.status, 409);
      assertEquals((await solo.json()).error, "Vessels are kept for companies, not individual businesses.");
    });

    await t.step("the OpenAPI document names the USCG fields", async () => {
      const doc = await (await ctx.request(null, "GET", "/api/openapi.json")).json();
      const text = JSON.stringify(doc.paths["/api/auth/business/{id}/vessels"]);
      for (const field of ["official_number", "vessel_type", "is_active"]) {
        assertOk(text.includes(field), field);
      }
    });
  } finally {
    await ctx.close();
  }
});
