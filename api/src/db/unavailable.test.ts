/**
 * Database outages in the small: which errors mean "the database is not answering", the 503 a request then
 * gets, and readiness's bound. The whole story (a real server restarted under load) is restart.drill.ts.
 */
import { assertEquals, assertMatch } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { freePort } from "../testing/ports.ts";
import { connectPostgres } from "./client.ts";
import { isDatabaseUnavailable } from "./unavailable.ts";

const withCode = (code: string) => Object.assign(new Error(`code ${code}`), { code });

Deno.test("database unavailable", async (t) => {
  const ctx = await createTestContext();
  try {
    await t.step("a refused connection, as postgres.js reports it, counts", async () => {
      const nowhere = connectPostgres(`postgres://postgres@127.0.0.1:${freePort()}/postgres`, { max: 1 });
      try {
        const error = await nowhere.query("select 1").then(() => undefined, (e) => e);
        assertEquals(isDatabaseUnavailable(error), true, String(error));
      } finally {
        await nowhere.close();
      }
    });

    await t.step("a server going away, starting, full or too slow counts; a bad request does not", () => {
      const counts = (code: string) => isDatabaseUnavailable(withCode(code));
      for (
        const code of ["CONNECTION_CLOSED", "CONNECT_TIMEOUT", "EPIPE", "57P01", "57P03", "08006", "57014"]
      ) {
        assertEquals(counts(code), true, code);
      }
      for (const code of ["23505", "22P02", "40001", "42P01", "ERR_INVALID_ARG_TYPE"]) {
        assertEquals(counts(code), false, code);
      }
      assertEquals(isDatabaseUnavailable(new Error("no code")), false);
      assertEquals(isDatabaseUnavailable(null), false);
      assertEquals(isDatabaseUnavailable(new Error("wrapped", { cause: withCode("ECONNRESET") })), true);
    });

    await t.step("a request that meets it answers 503 DATABASE_UNAVAILABLE, to be retried", async () => {
      const keys = ctx.deps.letterKeys;
      ctx.deps.letterKeys = { ...keys, publicJwks: () => Promise.reject(withCode("ECONNREFUSED")) };
      try {
        const res = await ctx.request(null, "GET", "/api/compliance/public-keys");
        assertEquals([res.status, res.headers.get("Retry-After")], [503, "5"]);
        const body = await res.json();
        assertEquals(body.code, "DATABASE_UNAVAILABLE");
        assertMatch(body.error, /try again/);
        assertEquals(body.request_id, undefined);
      } finally {
        ctx.deps.letterKeys = keys;
      }
    });

    await t.step("readiness answers 503 when the database fails or does not answer in time", async () => {
      const database = ctx.deps.database;
      const ready = async () => {
        const res = await ctx.request(null, "GET", "/api/health/ready");
        return [res.status, (await res.json()).code ?? "ok"];
      };
      try {
        ctx.deps.database = { ...database, query: () => Promise.reject(withCode("ECONNREFUSED")) };
        assertEquals(await ready(), [503, "DATABASE_UNAVAILABLE"]);
        // Never answers: only readiness's own bound can end the request.
        ctx.deps.database = { ...database, query: () => new Promise(() => {}) };
        assertEquals(await ready(), [503, "DATABASE_UNAVAILABLE"]);
      } finally {
        ctx.deps.database = database;
      }
      assertEquals(await ready(), [200, "ok"]);
    });
  } finally {
    await ctx.close();
  }
});
