/**
 * Limits that agree (issue 26 item 4, docs/decisions/0044-audit-and-limits.md): every refusal of the HTTP layer
 * (an oversized address, headers or body) answers in the error model, and one administrator has at most
 * EXPORTS_PER_ADMIN exports BUILDING at once (429 with Retry-After). The safety letter's own 5 MiB limit is
 * tested with its route in desk/users-admin.test.ts; int4 bounds on ids in int4-ids.test.ts.
 */
import { hashPassword } from "./auth/passwords.ts";
import { ERROR_STATUS } from "./lib/errors.ts";
import { HTTP_LIMIT_MESSAGES, MAX_HEADER_BYTES, MAX_URL_BYTES } from "./lib/http-limits.ts";
import { EXPORT_MESSAGES } from "./exports/schemas.ts";
import { QUEUED_RETRY_AFTER_SECONDS } from "./exports/service.ts";
import { assertEquals, assertOk } from "./testing/assert.ts";
import { createTestContext, PASSWORD } from "./testing/app.ts";

/** The answer is `{ error, code }` with the status its code belongs to. */
async function errorModel(res: Response): Promise<{ error: string; code: string }> {
  const body = await res.json();
  assertEquals(typeof body.error, "string");
  assertEquals(ERROR_STATUS[body.code as keyof typeof ERROR_STATUS], res.status, `code ${body.code}`);
  return body;
}

Deno.test("limits: HTTP refusals in the error model; exports bounded per administrator", async (t) => {
  const ctx = await createTestContext();
  try {
    await t.step("a 100 kB search string is a 414 in the error model", async () => {
      const res = await ctx.request("admin", "GET", `/api/auth/users?search=${"a".repeat(100_000)}`);
      assertEquals(res.status, 414);
      assertEquals(await errorModel(res), { error: HTTP_LIMIT_MESSAGES.urlTooLong, code: "URI_TOO_LONG" });
      const page = await ctx.app.request(`/app/admin/users?search=${"a".repeat(100_000)}`);
      assertEquals([page.status, (await errorModel(page)).code], [414, "URI_TOO_LONG"]);
      const fits = await ctx.request("admin", "GET", `/api/auth/users?search=${"a".repeat(200)}`);
      assertEquals(fits.status, 200);
      await fits.body?.cancel();
    });

    await t.step("a POST to a page path is a 404 in the error model", async () => {
      const res = await ctx.app.request("/app/admin/users", { method: "POST", body: "x" });
      assertEquals(res.status, 404);
      assertEquals((await errorModel(res)).code, "ROUTE_NOT_FOUND");
    });

    await t.step("oversized headers are a 431 in the error model", async () => {
      const res = await ctx.request("member", "GET", "/api/auth/me", undefined, {
        "X-Padding": "x".repeat(MAX_HEADER_BYTES),
      });
      assertEquals(res.status, 431);
      assertEquals((await errorModel(res)).code, "HEADERS_TOO_LARGE");
    });

    await t.step("an oversized body is a 413 in the error model", async () => {
      const res = await ctx.request("member", "POST", "/api/analytics", {
        name: "x".repeat(ctx.deps.config.bodyLimit),
      });
      assertEquals(res.status, 413);
      assertEquals((await errorModel(res)).code, "PAYLOAD_TOO_LARGE");
    });

    await t.step("over real HTTP too, below the server's own parser limit", async () => {
      const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, ctx.app.fetch);
      try {
        const base = `http://127.0.0.1:${server.addr.port}`;
        const url = await fetch(`${base}/api/auth/users?search=${"a".repeat(MAX_URL_BYTES * 4)}`);
        assertEquals(url.status, 414);
        assertEquals((await errorModel(url)).code, "URI_TOO_LONG");
        const headers = await fetch(`${base}/api/auth/me`, { headers: { "X-Padding": "x".repeat(40_000) } });
        assertEquals(headers.status, 431);
        assertEquals((await errorModel(headers)).code, "HEADERS_TOO_LARGE");
      } finally {
        await server.shutdown();
      }
    });

    await t.step(
      "exports: at most EXPORTS_PER_ADMIN BUILDING per administrator, then 429 + Retry-After",
      async () => {
        const limit = ctx.deps.config.exportsPerAdmin;
        assertOk(limit >= 1 && limit <= 20, `EXPORTS_PER_ADMIN is ${limit}`);
        const sent = limit + 5;
        const { db } = ctx.database;
        // A second administrator: concurrent requests, each its own session, as from two browser tabs.
        const second = (await db.insertInto("users").values({
          email: "second.admin@test.local",
          password_hash: await hashPassword(PASSWORD),
          first_name: "Sam",
          last_name: "Test",
          is_admin: true,
        }).returning("id").executeTakeFirstOrThrow()).id;
        const create = async (who: number) =>
          await ctx.app.request("/api/auth/exports", {
            method: "POST",
            headers: {
              Authorization: `Bearer ${await ctx.tokenFor(who)}`,
              "Content-Type": "application/json",
            },
            body: JSON.stringify({ type: "users", filters: {} }),
          });
        const answers = await Promise.all(Array.from({ length: sent }, () => create(second)));
        const statuses = answers.map((r) => r.status).sort();
        assertEquals(statuses, [...Array(limit).fill(201), ...Array(sent - limit).fill(429)]);
        for (const res of answers) {
          if (res.status === 201) {
            await res.body?.cancel();
            continue;
          }
          assertEquals(res.headers.get("Retry-After"), String(QUEUED_RETRY_AFTER_SECONDS));
          assertEquals(await errorModel(res), {
            error: EXPORT_MESSAGES.tooManyQueued(limit),
            code: "RATE_LIMITED",
          });
        }
        const building = await db.selectFrom("exports").select("id").where("created_by_user_id", "=", second)
          .where("status", "=", "BUILDING").execute();
        assertEquals(building.length, limit);

        // Another administrator is not held back by the first one's exports.
        const other = await create(ctx.users.admin.id);
        assertEquals(other.status, 201);
        await other.body?.cancel();

        // Once one has finished, there is room for one more.
        await db.updateTable("exports").set({ status: "FAILED", finished_at: new Date(), error: "test" })
          .where("id", "=", building[0].id).execute();
        const again = await create(second);
        assertEquals(again.status, 201);
        await again.body?.cancel();
      },
    );
  } finally {
    await ctx.close();
  }
});
