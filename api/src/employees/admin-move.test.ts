/**
 * The administrators' move of an employee to another company and their choice of a primary business (issue
 * 37, decision 0065): any company for an administrator, the role matrix, the History's before → after, and two
 * administrators moving one employee at once moving them once.
 */
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext, type TestContext } from "../testing/app.ts";
import { assertRoleAnswers } from "../testing/roles.ts";

async function companyOf(ctx: TestContext, name: string, derId: number) {
  const { db } = ctx.database;
  const id = (await db.insertInto("businesses").values({ name, der_user_id: derId }).returning("id")
    .executeTakeFirstOrThrow()).id;
  await db.insertInto("business_users").values({ business_id: id, user_id: derId, is_owner: true }).execute();
  return id;
}

async function liveLinks(ctx: TestContext, userId: number) {
  return await ctx.database.db.selectFrom("business_users").select(["id", "business_id", "is_primary"])
    .where("user_id", "=", userId).where("removed_at", "is", null).orderBy("id").execute();
}

async function history(ctx: TestContext, entity: string, id: number, action: string) {
  const res = await ctx.request("admin", "GET", `/api/auth/audit?entity=${entity}&entity_id=${id}`);
  assertEquals(res.status, 200);
  const rows = (await res.json()).data as {
    attributes: { action: string; changes: { field: string; before: string; after: string }[] };
  }[];
  return rows.filter((r) => r.attributes.action === action).map((r) => r.attributes.changes);
}

Deno.test("employees: an administrator moves an employee and sets their primary business", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  const A = ctx.users.der.businessId;
  const mia = ctx.users.member.id;
  // A company of another DER: a DER could not move there, an administrator can.
  const B = await companyOf(ctx, "Bayou Marine", ctx.users.otherDer.id);
  const { name: nameA } = await db.selectFrom("businesses").select("name").where("id", "=", A)
    .executeTakeFirstOrThrow();
  try {
    let link = (await db.selectFrom("business_users").select("id").where("business_id", "=", A)
      .where("user_id", "=", mia).where("removed_at", "is", null).executeTakeFirstOrThrow()).id;

    await t.step(
      "roles: another DER and another member 404, the member 403, the administrator 200",
      async () => {
        await assertRoleAnswers(ctx, {
          method: "PATCH",
          path: `/api/auth/business/${A}/business-users/${link}`,
          body: () => ({ business_id: B }),
          expect: { anonymous: 401, member: 403, otherMember: 404, otherDer: 404, admin: 200 },
        });
        const links = await liveLinks(ctx, mia);
        assertOk(links.some((l) => l.business_id === B), "moved to B");
        assertOk(!links.some((l) => l.business_id === A), "no longer at A");
        link = links.find((l) => l.business_id === B)!.id;
      },
    );

    await t.step("the move's History says from which company to which", async () => {
      assertEquals(await history(ctx, "business_user", link, "business.move_employee"), [[{
        field: "business",
        before: `${nameA} (#${A})`,
        after: `Bayou Marine (#${B})`,
      }]]);
    });

    await t.step("the server's words for a move it refuses", async () => {
      const same = await ctx.request("admin", "PATCH", `/api/auth/business/${B}/business-users/${link}`, {
        business_id: B,
      });
      assertEquals(same.status, 422);
      const body = await same.json();
      assertEquals(body.code, "VALIDATION_FAILED");
      assertOk(typeof body.error === "string" && body.error.length > 0);
    });

    await t.step("two administrators move one employee at once: moved once, one row", async () => {
      const C = await companyOf(ctx, "Cypress Tugs", ctx.users.otherDer.id);
      const path = `/api/auth/business/${B}/business-users/${link}`;
      const rowsBefore = await db.selectFrom("audit_log").select("id").where(
        "action",
        "=",
        "business.move_employee",
      )
        .execute();
      const both = await Promise.all([
        ctx.request("admin", "PATCH", path, { business_id: A }),
        ctx.request("admin", "PATCH", path, { business_id: C }),
      ]);
      const statuses = both.map((r) => r.status);
      assertEquals(statuses.filter((s) => s === 200).length, 1, `answers ${statuses}`);
      for (const r of both) {
        const body = await r.json();
        if (r.status !== 200) assertOk(typeof body.error === "string" && body.code !== "INTERNAL");
      }
      const links = await liveLinks(ctx, mia);
      assertEquals(links.filter((l) => l.business_id === A || l.business_id === C).length, 1);
      assertOk(!links.some((l) => l.business_id === B));
      const rowsAfter = await db.selectFrom("audit_log").select("id").where(
        "action",
        "=",
        "business.move_employee",
      )
        .execute();
      assertEquals(rowsAfter.length, rowsBefore.length + 1);
    });

    await t.step("primary business: administrators set it, History before → after", async () => {
      // Mia also works for B now (Add To Business), then B becomes her primary business.
      const added = await ctx.request("admin", "POST", `/api/auth/business/${B}/business-users`, {
        user_id: mia,
        is_employee: true,
      });
      assertEquals(added.status, 201, await added.clone().text());
      await added.body?.cancel();
      const links = await liveLinks(ctx, mia);
      const current = links.find((l) => l.is_primary)?.business_id ?? null;
      const other = links.find((l) => !l.is_primary)!;
      const path = `/api/auth/business/${other.business_id}/business-users/${other.id}/primary`;
      const res = await ctx.request("admin", "PUT", path);
      assertEquals(res.status, 200);
      assertEquals((await res.json()).data.attributes.is_primary, true);
      assertEquals((await liveLinks(ctx, mia)).filter((l) => l.is_primary).map((l) => l.business_id), [
        other.business_id,
      ]);
      assertEquals(await history(ctx, "business_user", other.id, "business.primary_business"), [[{
        field: "primary_business_id",
        before: current === null ? "—" : String(current),
        after: String(other.business_id),
      }]]);
      // Already the primary one: nothing changes, nothing is written.
      const again = await ctx.request("admin", "PUT", path);
      assertEquals(again.status, 200);
      await again.body?.cancel();
      assertEquals((await history(ctx, "business_user", other.id, "business.primary_business")).length, 1);
    });
  } finally {
    await ctx.close();
  }
});
