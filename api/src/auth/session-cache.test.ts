/**
 * The session cache (decision 0068): a session check answered from memory is refused, or answers the new facts,
 * on the very next request after anything that changes them, whoever wrote the change.
 */
import { assertEquals, assertOk as assert } from "../testing/assert.ts";
import postgres from "postgres";
import { createTestContext, type TestContext } from "../testing/app.ts";
import { createApp } from "../app.ts";
import { buildDeps } from "../boot.ts";
import { connectPostgres } from "../db/client.ts";
import { silentLog } from "../lib/logging.ts";

const get = async (ctx: TestContext, token: string) => {
  const res = await ctx.app.request("/api/auth/session", { headers: { Authorization: `Bearer ${token}` } });
  return { status: res.status, body: await res.json() };
};

const send = async (ctx: TestContext, token: string, method: string, path: string, body?: unknown) => {
  const res = await ctx.app.request(path, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await res.body?.cancel();
  return res.status;
};

/** Reads the session twice and proves the second read came from the cache. */
async function cached(ctx: TestContext, token: string) {
  const first = await get(ctx, token);
  assertEquals(first.status, 200);
  const hits = ctx.deps.sessionCache.hits;
  const second = await get(ctx, token);
  assertEquals(second, first);
  assertEquals(ctx.deps.sessionCache.hits, hits + 1, "the second read is answered from the cache");
  return first.body;
}

Deno.test("the session cache never answers for a session whose facts changed", async (t) => {
  const ctx = await createTestContext();
  try {
    // The cache goes live once the database listens (at once on PGlite, after LISTEN on PostgreSQL).
    for (let i = 0; i < 100 && !ctx.deps.sessionCache.isLive; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    assert(ctx.deps.sessionCache.isLive);

    await t.step("sign-out refuses the cached session at once", async () => {
      const token = await ctx.tokenFor("member");
      await cached(ctx, token);
      assertEquals(await send(ctx, token, "POST", "/api/logout"), 204);
      assertEquals((await get(ctx, token)).status, 401);
    });

    await t.step("a password set by an administrator refuses the member's cached sessions", async () => {
      const token = await ctx.tokenFor("member");
      await cached(ctx, token);
      const admin = await ctx.tokenFor("admin");
      const status = await send(ctx, admin, "PUT", `/api/auth/user/${ctx.users.member.id}/password`, {
        password: "a new password 123",
      });
      assertEquals(status, 200);
      assertEquals((await get(ctx, token)).status, 401);
    });

    await t.step("a password reset by mail refuses the cached sessions", async () => {
      const token = await ctx.tokenFor("otherMember");
      await cached(ctx, token);
      // The reset's own effect on sessions (password-reset/service.ts): every session of the user is revoked.
      const { revokeAllSessions } = await import("./sessions.ts");
      await revokeAllSessions(ctx.database.db, ctx.users.otherMember.id, ctx.deps.now());
      assertEquals((await get(ctx, token)).status, 401);
    });

    await t.step("administrator rights granted and revoked show at once", async () => {
      const token = await ctx.tokenFor("der");
      assertEquals((await cached(ctx, token)).is_admin, false);
      const admin = await ctx.tokenFor("admin");
      const path = `/api/auth/user/${ctx.users.der.id}/admin`;
      assertEquals(await send(ctx, admin, "PUT", path, { data: { admin: true } }), 200);
      assertEquals((await get(ctx, token)).body.is_admin, true);
      await cached(ctx, token);
      assertEquals(await send(ctx, admin, "PUT", path, { data: { admin: false } }), 200);
      assertEquals((await get(ctx, token)).body.is_admin, false);
    });

    await t.step("a DER role change shows at once, whoever writes it", async () => {
      const token = await ctx.tokenFor("otherDer");
      assertEquals((await cached(ctx, token)).is_der, true);
      await ctx.database.db.updateTable("users").set({ is_der: false }).where(
        "id",
        "=",
        ctx.users.otherDer.id,
      )
        .execute();
      assertEquals((await get(ctx, token)).body.is_der, false);
      await cached(ctx, token);
      await ctx.database.query("update users set is_der = true where id = $1", [ctx.users.otherDer.id]);
      assertEquals((await get(ctx, token)).body.is_der, true);
    });

    await t.step("a second factor enrolled or removed shows at once", async () => {
      const token = await ctx.tokenFor("otherDer", { secondFactor: false });
      assertEquals((await cached(ctx, token)).second_factor, "off");
      await ctx.database.db.insertInto("user_second_factors").values({
        user_id: ctx.users.otherDer.id,
        kind: "totp",
        label: "phone",
        totp_secret: "sealed",
      } as never).execute();
      assertEquals((await get(ctx, token)).body.second_factor, "verify");
      await cached(ctx, token);
      const admin = await ctx.tokenFor("admin");
      assertEquals(
        await send(ctx, admin, "DELETE", `/api/auth/user/${ctx.users.otherDer.id}/second-factor`),
        200,
      );
      // The administrator's reset also signs the user out everywhere (decision 0043).
      assertEquals((await get(ctx, token)).status, 401);
    });

    await t.step("account deletion refuses the cached session at once", async () => {
      const token = await ctx.tokenFor("member");
      await cached(ctx, token);
      const admin = await ctx.tokenFor("admin");
      assertEquals(await send(ctx, admin, "DELETE", `/api/auth/user/${ctx.users.member.id}`), 200);
      assertEquals((await get(ctx, token)).status, 401);
    });

    await t.step("while the change feed is down the cache is bypassed, never trusted", async () => {
      const token = await ctx.tokenFor("admin");
      await cached(ctx, token);
      ctx.deps.sessionCache.live(false);
      const hits = ctx.deps.sessionCache.hits;
      await ctx.database.query(
        "update sessions set revoked_at = now() where revoked_at is null and user_id = $1",
        [
          ctx.users.admin.id,
        ],
      );
      assertEquals((await get(ctx, token)).status, 401);
      const again = await ctx.tokenFor("admin");
      assertEquals((await get(ctx, again)).status, 200);
      assertEquals((await get(ctx, again)).status, 200);
      assertEquals(ctx.deps.sessionCache.hits, hits, "no answer came from the cache while it was not live");
      ctx.deps.sessionCache.live(true);
    });

    if (ctx.databaseUrl) {
      await t.step("PostgreSQL: a write by another process reaches this one by NOTIFY", async () => {
        const token = await ctx.tokenFor("otherMember");
        await cached(ctx, token);
        const other = postgres(ctx.databaseUrl!, { max: 1, onnotice: () => {} });
        try {
          await other.unsafe(
            "update sessions set revoked_at = now() where user_id = $1 and revoked_at is null",
            [
              ctx.users.otherMember.id,
            ],
          );
        } finally {
          await other.end();
        }
        const started = performance.now();
        while (ctx.deps.sessionCache.size > 0 && performance.now() - started < 2000) {
          await new Promise((r) => setTimeout(r, 1));
        }
        assertEquals((await get(ctx, token)).status, 401);
        assert(performance.now() - started < 100, "the notification arrives within 100 ms");
      });
    }
  } finally {
    await ctx.close();
  }
});

/**
 * A TCP relay to PostgreSQL whose answers to the client can be held back: a LISTEN connection through it hears
 * nothing while held, as a busy or slow process would not yet have read its notifications.
 */
function heldRelay(databaseUrl: string) {
  const target = new URL(databaseUrl);
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  let release: (() => void) | null = null;
  let gate = Promise.resolve();
  const conns: Deno.Conn[] = [];
  (async () => {
    for await (const client of listener) {
      const server = await Deno.connect({ hostname: target.hostname, port: Number(target.port || 5432) });
      conns.push(client, server);
      client.readable.pipeTo(server.writable).catch(() => {});
      server.readable.pipeThrough(
        new TransformStream({
          async transform(chunk, controller) {
            await gate;
            controller.enqueue(chunk);
          },
        }),
      ).pipeTo(client.writable).catch(() => {});
    }
  })().catch(() => {});
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String((listener.addr as Deno.NetAddr).port);
  return {
    url: url.toString(),
    hold() {
      gate = new Promise((resolve) => release = resolve);
    },
    release() {
      release?.();
      release = null;
    },
    close() {
      listener.close();
      for (const c of conns) {
        try {
          c.close();
        } catch { /* closed */ }
      }
    },
  };
}

Deno.test({
  name: "PostgreSQL, two processes: a sign-out is answered only once the other process has heard it " +
    "(decision 0094 keeps the acknowledgements: without them its cache answers the next request)",
  ignore: !Deno.env.get("TEST_DATABASE_URL"),
  async fn() {
    const ctx = await createTestContext();
    const relay = heldRelay(ctx.databaseUrl!);
    // The other process: its own pool, its own LISTEN connection (through the relay) and its own cache.
    const otherDatabase = connectPostgres(ctx.databaseUrl!, { listenUrl: relay.url });
    const otherDeps = await buildDeps(ctx.deps.config, otherDatabase, { log: silentLog });
    const other = createApp(otherDeps);
    const probe = postgres(ctx.databaseUrl!, { max: 1, onnotice: () => {} });
    try {
      for (let i = 0; i < 250 && !(otherDeps.sessionCache.isLive && ctx.deps.sessionCache.isLive); i++) {
        await new Promise((r) => setTimeout(r, 20));
      }
      assert(otherDeps.sessionCache.isLive && ctx.deps.sessionCache.isLive, "both caches live");
      // An echo of this test's own, acknowledged by both listeners: each has heard everything sent before it,
      // so this process knows the other one (its hello) and will wait for its acknowledgements.
      const echo = `echo:test-${crypto.randomUUID()}`;
      const acks = new Set<string>();
      await probe.listen("session_facts", (p) => p.endsWith(`:${echo}`) && acks.add(p));
      await probe.notify("session_facts", echo);
      for (let i = 0; i < 250 && acks.size < 2; i++) await new Promise((r) => setTimeout(r, 20));
      assertEquals(acks.size, 2, "both processes acknowledged the echo");

      const readOnOther = async (token: string) => {
        const res = await other.request("/api/auth/session", {
          headers: { Authorization: `Bearer ${token}` },
        });
        await res.body?.cancel();
        return res.status;
      };
      const signOut = async (app: typeof other, token: string) => {
        const res = await app.request("/api/logout", {
          method: "POST",
          headers: { Authorization: `Bearer ${token}` },
        });
        await res.body?.cancel();
        return res.status;
      };

      // Without the acknowledgement: the sign-out is answered while the other process has not yet read the
      // notification, and its cache (however short its time-to-live: the entry is fresh) answers the next read.
      const unconfirmed = createApp({
        ...ctx.deps,
        database: { ...ctx.database, confirmSessionFacts: () => Promise.resolve() },
      });
      const first = await ctx.tokenFor("member");
      assertEquals([await readOnOther(first), await readOnOther(first)], [200, 200]);
      const hits = otherDeps.sessionCache.hits;
      relay.hold();
      assertEquals(await signOut(unconfirmed, first), 204);
      assertEquals(await readOnOther(first), 200, "the other process answered a signed-out session");
      assertEquals(otherDeps.sessionCache.hits, hits + 1, "from its cache");
      relay.release();
      for (let i = 0; i < 250 && otherDeps.sessionCache.size > 0; i++) {
        await new Promise((r) => setTimeout(r, 20));
      }
      assertEquals(await readOnOther(first), 401);

      // With it: the same sign-out is answered only after the other process heard it, so its next read is refused.
      const second = await ctx.tokenFor("member");
      assertEquals([await readOnOther(second), await readOnOther(second)], [200, 200]);
      relay.hold();
      let released = false;
      const answered = signOut(ctx.app, second);
      setTimeout(() => {
        released = true;
        relay.release();
      }, 200);
      assertEquals(await answered, 204);
      assert(released, "the sign-out was answered after the other process could hear it");
      assertEquals(await readOnOther(second), 401);
    } finally {
      relay.release();
      await probe.end({ timeout: 1 });
      await otherDatabase.close();
      relay.close();
      await ctx.close();
    }
  },
});
