import { assertEquals } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { assertRoleAnswers } from "../testing/roles.ts";

Deno.test("documents: my Downloads list and files, never another's", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  const { member, otherMember } = ctx.users;
  const add = async (userId: number, filename: string, body: string) =>
    (await db.insertInto("documents").values({
      kind: "letter_of_compliance",
      user_id: userId,
      filename,
      content_type: "application/pdf",
      bytes: new TextEncoder().encode(body),
    }).returning("id").executeTakeFirstOrThrow()).id;
  try {
    const mine = await add(member.id, "letter-compliance.pdf", "%PDF-mine");
    const older = await add(member.id, "letter-compliance.pdf", "%PDF-older");
    await add(otherMember.id, "letter-compliance.pdf", "%PDF-theirs");
    // A business's document is not the member's, even though the member works there.
    await db.insertInto("documents").values({
      kind: "roster",
      business_id: member.businessId,
      filename: "roster.pdf",
      content_type: "application/pdf",
      bytes: new Uint8Array([1]),
    }).execute();

    await t.step("roles", async () => {
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: "/api/auth/account/documents",
        expect: { anonymous: 401, member: 200, otherMember: 200, otherDer: 200, admin: 200 },
      });
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: `/api/auth/account/documents/${mine}`,
        expect: { anonymous: 401, member: 200, otherMember: 404, otherDer: 404, admin: 404, der: 404 },
      });
    });

    await t.step("the list has my documents only, newest first, without their bytes", async () => {
      const body = await (await ctx.request("member", "GET", "/api/auth/account/documents")).json();
      assertEquals(body.meta, { total: 2, page: 1, per_page: 20 });
      assertEquals(body.data.map((d: { id: number }) => d.id), [older, mine]);
      const [first] = body.data;
      assertEquals(first.type, "document");
      assertEquals(Object.keys(first.attributes).sort(), [
        "byte_size",
        "content_type",
        "created_at",
        "filename",
        "kind",
      ]);
      assertEquals([first.attributes.kind, first.attributes.byte_size], ["letter_of_compliance", 10]);
    });

    await t.step("a file comes back as it was stored, as a download", async () => {
      const res = await ctx.request("member", "GET", `/api/auth/account/documents/${mine}`);
      assertEquals(res.status, 200);
      assertEquals(res.headers.get("Content-Type"), "application/pdf");
      assertEquals(res.headers.get("Content-Disposition"), 'attachment; filename="letter-compliance.pdf"');
      assertEquals(await res.text(), "%PDF-mine");
      const missing = await ctx.request("member", "GET", "/api/auth/account/documents/999999");
      assertEquals((await missing.json()).code, "NOT_FOUND");
    });
  } finally {
    await ctx.close();
  }
});
