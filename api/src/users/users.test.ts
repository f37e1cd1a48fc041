import { assertEquals } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { adminOnly, assertRoleAnswers } from "../testing/roles.ts";

Deno.test("users", async (t) => {
  const ctx = await createTestContext();
  try {
    await t.step("roles: a user sees themselves, an administrator anyone, others get 404", async () => {
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: `/api/auth/user/${ctx.users.member.id}`,
        expect: { anonymous: 401, member: 200, otherMember: 404, otherDer: 404, admin: 200 },
      });
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: "/api/auth/users",
        expect: adminOnly(200),
      });
    });

    await t.step("a user record has the specification's shape", async () => {
      const res = await ctx.request("member", "GET", `/api/auth/user/${ctx.users.member.id}`);
      const { data } = await res.json();
      assertEquals([data.id, data.type, data.attributes.full_name, data.attributes.roles], [
        ctx.users.member.id,
        "user",
        "Mia Test",
        ["member"],
      ]);
      assertEquals(data.attributes.password_hash, undefined);
    });

    await t.step(
      "the list pages from 1, sorts by id descending by default, and whitelists sorts",
      async () => {
        const page = async (query: string) =>
          await (await ctx.request("admin", "GET", `/api/auth/users?${query}`)).json();
        const first = await page("per_page=2");
        assertEquals(first.meta, { total: 5, page: 1, per_page: 2 });
        const ids = Object.values(ctx.users).map((u) => u.id).sort((a, b) => b - a);
        assertEquals(first.data.map((u: { id: number }) => u.id), ids.slice(0, 2));
        const third = await page("per_page=2&page=3");
        assertEquals(third.data.map((u: { id: number }) => u.id), ids.slice(4));
        const byName = await page("sort_by=first_name&sort_dir=ASC");
        assertEquals(
          byName.data.map((u: { attributes: { first_name: string } }) => u.attributes.first_name),
          [
            "Ada",
            "Dora",
            "Mia",
            "Omar",
            "Otto",
          ],
        );
        const searched = await page("search=oma");
        assertEquals(searched.data.map((u: { id: number }) => u.id), [ctx.users.otherDer.id]);
        for (const bad of ["sort_by=password_hash", "page=0", "per_page=1000", "sort_dir=sideways"]) {
          const res = await ctx.request("admin", "GET", `/api/auth/users?${bad}`);
          assertEquals(res.status, 422, bad);
          assertEquals((await res.json()).code, "VALIDATION_FAILED");
        }
      },
    );
  } finally {
    await ctx.close();
  }
});
