/** The Idempotency-Key promises, on a tiny router mounted the way the real app mounts its routers. */
import { Hono } from "hono";
import { z } from "zod";
import { backgroundJobs } from "../background.ts";
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext, type Identity, type TestContext } from "../testing/app.ts";
import { allow } from "./access.ts";
import type { AppEnv } from "./context.ts";
import { AppError, errorBody } from "./errors.ts";
import { rejectCrossSite, requireKnownBody } from "./guards.ts";
import {
  deleteExpiredIdempotencyKeys,
  IDEMPOTENCY_TTL_MS,
  idempotent,
  REPLAYED_HEADER,
  requestHash,
} from "./idempotency.ts";
import { createJobRunner } from "./jobs.ts";
import { buildOpenApi } from "./openapi.ts";
import { describe, validate } from "./route.ts";

type Mode = "ok" | "server-error" | "throw" | "refuse" | "wait";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => resolve = r);
  return { promise, resolve };
}

/** A router whose handler counts its runs and behaves as the test says. */
function harness(ctx: TestContext) {
  const state = { calls: 0, mode: "ok" as Mode, gate: deferred(), entered: deferred() };
  const things = new Hono<AppEnv>().post(
    "/things",
    allow("user"),
    idempotent(),
    describe({ summary: "Make a thing", status: 201 }),
    validate("json", z.object({ name: z.string().min(1, "Name is required.") })),
    async (c) => {
      const run = ++state.calls;
      if (state.mode === "server-error") return c.json({ error: "down", code: "INTERNAL" }, 500);
      if (state.mode === "throw") throw new Error("unexpected");
      if (state.mode === "refuse") throw new AppError("CONFLICT", "Already a member.");
      if (state.mode === "wait") {
        state.entered.resolve();
        await state.gate.promise;
      }
      return c.json({ run, name: c.req.valid("json").name }, 201);
    },
  );
  const app = new Hono<AppEnv>();
  app.use("*", async (c, next) => {
    c.set("requestId", "test-request");
    c.set("deps", ctx.deps);
    await next();
  });
  app.use("/api/*", requireKnownBody, rejectCrossSite);
  app.route("/api", things);
  app.onError((err, c) => {
    const { body, status } = errorBody(c, err);
    return c.json(body, status);
  });

  async function send(who: Identity, body: unknown, key?: string, path = "/api/things") {
    const headers = new Headers({
      Authorization: `Bearer ${await ctx.tokenFor(who)}`,
      "Content-Type": "application/json",
    });
    if (key !== undefined) headers.set("Idempotency-Key", key);
    const res = await app.request(path, {
      method: "POST",
      headers,
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    return { status: res.status, replayed: res.headers.get(REPLAYED_HEADER), body: await res.json() };
  }
  return { app, state, send };
}

Deno.test("idempotency keys", async (t) => {
  let clock = new Date();
  const ctx = await createTestContext({ now: () => clock });
  const { app, state, send } = harness(ctx);
  const db = ctx.database.db;
  const keyRow = (key: string) =>
    db.selectFrom("idempotency_keys").selectAll().where("key", "=", key).executeTakeFirst();
  const reset = (mode: Mode = "ok") => {
    state.calls = 0;
    state.mode = mode;
    state.gate = deferred();
    state.entered = deferred();
  };
  try {
    await t.step("without the header every request runs", async () => {
      reset();
      assertEquals((await send("member", { name: "a" })).status, 201);
      assertEquals((await send("member", { name: "a" })).status, 201);
      assertEquals(state.calls, 2);
    });

    await t.step("the same key and payload run once and replay the first answer", async () => {
      reset();
      const first = await send("member", { name: "boat", x: { b: 1, a: 2 } }, "key-1");
      // Same JSON, other key order and spacing: the same request.
      const again = await send("member", '{ "x": {"a": 2, "b": 1}, "name": "boat" }', "key-1");
      assertEquals(state.calls, 1);
      assertEquals(first, { status: 201, replayed: null, body: { run: 1, name: "boat" } });
      assertEquals(again, { status: 201, replayed: "true", body: { run: 1, name: "boat" } });
      const row = await keyRow("key-1");
      assertEquals(row?.status, "done");
      assertEquals(row?.scope, "POST /api/things");
      assertEquals(row?.expires_at.getTime(), clock.getTime() + IDEMPOTENCY_TTL_MS);
    });

    await t.step("the same key with another payload answers 422", async () => {
      reset();
      const res = await send("member", { name: "other" }, "key-1");
      assertEquals(res.status, 422);
      assertEquals(res.body, {
        error: "This Idempotency-Key was already used with a different request.",
        code: "IDEMPOTENCY_KEY_REUSED",
      });
      assertEquals(state.calls, 0);
    });

    await t.step("a 4xx answer is stored and replayed too", async () => {
      reset("refuse");
      const first = await send("member", { name: "x" }, "key-4xx");
      state.mode = "ok";
      const again = await send("member", { name: "x" }, "key-4xx");
      assertEquals(first.status, 409);
      assertEquals(again, { ...first, replayed: "true" });
      assertEquals(state.calls, 1);
      const invalid = await send("member", { name: "" }, "key-422");
      assertEquals(invalid.status, 422);
      assertEquals((await send("member", { name: "" }, "key-422")).replayed, "true");
    });

    await t.step("a repeat while the first is in flight answers 409; one execution", async () => {
      reset("wait");
      const a = send("member", { name: "slow" }, "key-slow");
      const b = send("member", { name: "slow" }, "key-slow");
      // The handler waits for the gate, so whichever request answers first is the refused one.
      const refused = await Promise.race([a, b]);
      state.gate.resolve();
      const answers = await Promise.all([a, b]);
      assertEquals(refused.status, 409);
      assertEquals(refused.body, {
        error: "A request with this Idempotency-Key is still being processed.",
        code: "IDEMPOTENCY_IN_PROGRESS",
      });
      assertEquals(answers.map((r) => r.status).sort(), [201, 409]);
      assertEquals(state.calls, 1);
      assertEquals((await send("member", { name: "slow" }, "key-slow")).replayed, "true");
    });

    await t.step("a running request renews its lease, so it keeps its key past the first lease", async () => {
      reset("wait");
      const recovery = ctx.deps.config.recovery;
      const saved = recovery.idempotencyLeaseMs;
      recovery.idempotencyLeaseMs = 90; // renewed every 30 ms
      try {
        const first = send("member", { name: "long" }, "key-long");
        await state.entered.promise;
        // Long past the first lease: only the owner's renewal (from the new time) keeps the key its own.
        clock = new Date(clock.getTime() + 60_000);
        const lease = async () => (await keyRow("key-long"))!.lease_until!.getTime();
        for (let i = 0; i < 500 && (await lease()) <= clock.getTime(); i++) {
          await new Promise((r) => setTimeout(r, 10));
        }
        assertOk((await lease()) > clock.getTime(), "the lease was renewed from the new time");
        assertEquals((await send("member", { name: "long" }, "key-long")).status, 409);
        state.gate.resolve();
        assertEquals((await first).status, 201);
        assertEquals([(await keyRow("key-long"))!.lease_until, state.calls], [null, 1]);
      } finally {
        recovery.idempotencyLeaseMs = saved;
      }
    });

    await t.step("a 5xx answer or an unexpected error frees the key, and a retry runs", async () => {
      reset("server-error");
      assertEquals((await send("member", { name: "x" }, "key-5xx")).status, 500);
      assertEquals(await keyRow("key-5xx"), undefined);
      state.mode = "throw";
      const thrown = await send("member", { name: "x" }, "key-5xx");
      assertEquals([thrown.status, thrown.body.code], [500, "INTERNAL"]);
      assertEquals(await keyRow("key-5xx"), undefined);
      state.mode = "ok";
      const retry = await send("member", { name: "x" }, "key-5xx");
      assertEquals([retry.status, retry.replayed, state.calls], [201, null, 3]);
    });

    await t.step("another user's same key is independent", async () => {
      reset();
      await send("member", { name: "shared" }, "key-shared");
      const other = await send("otherMember", { name: "shared" }, "key-shared");
      assertEquals([other.status, other.replayed, state.calls], [201, null, 2]);
    });

    await t.step("a claim left by a crashed process is taken over once its lease runs out", async () => {
      reset();
      await db.insertInto("idempotency_keys").values({
        user_id: ctx.users.member.id,
        key: "key-crashed",
        scope: "POST /api/things",
        request_hash: "from the crashed run",
        created_at: clock,
        expires_at: new Date(clock.getTime() + IDEMPOTENCY_TTL_MS),
        lease_until: new Date(clock.getTime() + ctx.deps.config.recovery.idempotencyLeaseMs),
      }).execute();
      // Same key, but the stored hash differs: still refused as reused, abandoned or not.
      assertEquals((await send("member", { name: "x" }, "key-crashed")).status, 422);
      const hash = await requestHash("POST", "/api/things", JSON.stringify({ name: "x" }));
      await db.updateTable("idempotency_keys").set({ request_hash: hash })
        .where("key", "=", "key-crashed").execute();
      assertEquals((await send("member", { name: "x" }, "key-crashed")).status, 409);
      clock = new Date(clock.getTime() + ctx.deps.config.recovery.idempotencyLeaseMs + 1000);
      const taken = await send("member", { name: "x" }, "key-crashed");
      assertEquals([taken.status, taken.replayed, state.calls], [201, null, 1]);
    });

    await t.step("a key is kept 7 days, then may be used again; cleanup deletes expired keys", async () => {
      reset();
      await send("member", { name: "week" }, "key-week");
      clock = new Date(clock.getTime() + IDEMPOTENCY_TTL_MS - 1000);
      assertEquals((await send("member", { name: "week" }, "key-week")).replayed, "true");
      clock = new Date(clock.getTime() + 2000);
      const reused = await send("member", { name: "other week" }, "key-week");
      assertEquals([reused.status, reused.replayed, state.calls], [201, null, 2]);

      clock = new Date(clock.getTime() + IDEMPOTENCY_TTL_MS + 1000);
      const before = Number(
        (await db.selectFrom("idempotency_keys").select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()).n,
      );
      assertOk(before > 0);
      // The runner's daily job does the same as the direct call.
      const runner = createJobRunner(ctx.deps, backgroundJobs(ctx.deps.config).handlers, {
        schedules: backgroundJobs(ctx.deps.config).schedules,
      });
      assertOk((await runner.tick()) >= 1);
      assertEquals(await deleteExpiredIdempotencyKeys(db, clock), 0);
      assertEquals(await keyRow("key-week"), undefined);
    });

    await t.step("a malformed key answers 422 and runs nothing", async () => {
      reset();
      for (const key of ["", "x".repeat(256), "tab\there", "caf\u00e9"]) {
        const res = await send("member", { name: "x" }, key);
        assertEquals(res.status, 422, JSON.stringify(key));
        assertEquals(res.body.code, "IDEMPOTENCY_KEY_INVALID");
        assertEquals(res.body.error, "The Idempotency-Key header must be 1 to 255 printable characters.");
      }
      assertEquals(state.calls, 0);
      assertEquals((await send("member", { name: "x" }, "x".repeat(255))).status, 201);
    });

    await t.step("the OpenAPI document shows the header and the 409/422 answers", () => {
      const op = buildOpenApi(app).paths["/api/things"].post as {
        parameters: { name: string; in: string }[];
        responses: Record<string, unknown>;
      };
      assertOk(op.parameters.some((p) => p.name === "Idempotency-Key" && p.in === "header"));
      assertOk(op.responses["409"] && op.responses["422"] && op.responses["201"]);
    });
  } finally {
    await ctx.close();
  }
});
