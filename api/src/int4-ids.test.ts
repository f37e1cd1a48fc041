/**
 * int4 bounds on every id (issue 26 item 4, docs/decisions/0044-audit-and-limits.md): read off the OpenAPI
 * document, every id a client can send (a path parameter, a query parameter or a JSON body field named `id`,
 * `..._id` or `..._ids`) is sent as 2147483648, one past the largest int4 id column, and each must be refused
 * with a 422 in the error model: never a 500 from PostgreSQL's "out of range for type integer".
 */
import { operationsOf } from "./testing/openapi-arbitraries.ts";
import type { JsonSchema } from "./testing/openapi-arbitraries.ts";
import { assertEquals, assertOk } from "./testing/assert.ts";
import { createTestContext } from "./testing/app.ts";

const PAST_INT4 = 2_147_483_648;
const ID_NAME = /(^id$|_id$|_ids$|Id$)/;

/** The body fields named like ids, with the value that is one past int4 for each. */
function idFields(schema: JsonSchema | undefined): [string, unknown][] {
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(properties).filter(([name]) => ID_NAME.test(name)).map(([name, s]) => {
    const types = [s.type, ...(s.anyOf ?? []).map((a: JsonSchema) => a.type)].flat();
    return [name, types.includes("array") ? [PAST_INT4] : PAST_INT4];
  });
}

Deno.test("int4: every id a client sends is bounded to int4 (422, never 500)", async () => {
  const ctx = await createTestContext();
  try {
    const doc = await (await ctx.app.request("/api/openapi.json")).json();
    const operations = operationsOf(doc);
    const breaches: string[] = [];
    let sent = 0;
    for (const op of operations) {
      const pathParams = op.parameters.filter((p) => p.in === "path");
      const fill = (hostile: string | null) =>
        op.path.replace(/\{(\w+)\}/g, (_m, name: string) => name === hostile ? String(PAST_INT4) : "1");
      const cases: { label: string; path: string; body?: Record<string, unknown> }[] = [];
      for (const p of pathParams) {
        if (ID_NAME.test(p.name) || p.schema?.type === "integer") {
          cases.push({ label: `path ${p.name}`, path: fill(p.name) });
        }
      }
      for (const p of op.parameters.filter((p) => p.in === "query" && ID_NAME.test(p.name))) {
        cases.push({ label: `query ${p.name}`, path: `${fill(null)}?${p.name}=${PAST_INT4}` });
      }
      for (const [name, value] of idFields(op.body)) {
        cases.push({ label: `body ${name}`, path: fill(null), body: { [name]: value } });
      }
      for (const c of cases) {
        sent++;
        const res = await ctx.request(
          "admin",
          op.method,
          c.path,
          c.body ?? (op.body ? {} : undefined),
          { "Idempotency-Key": crypto.randomUUID() },
        );
        const text = await res.text();
        let body: { code?: string; error?: string } = {};
        try {
          body = JSON.parse(text);
        } catch { /* reported below */ }
        // 422 is this project's status for input that fails its schema (VALIDATION_FAILED, lib/errors.ts).
        if (res.status !== 422 || body.code !== "VALIDATION_FAILED" || typeof body.error !== "string") {
          breaches.push(`${op.method} ${op.path} ${c.label}: ${res.status} ${text.slice(0, 160)}`);
        }
      }
    }
    assertOk(sent >= 100, `sent only ${sent} hostile ids`);
    assertEquals(breaches, []);
  } finally {
    await ctx.close();
  }
});
