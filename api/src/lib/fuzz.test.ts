/**
 * Property-based fuzzing of every operation in the OpenAPI document (GET /api/openapi.json), as an anonymous
 * caller, a member and an administrator. Requests are mostly shaped like each operation's schema, with hostile
 * values mixed in (see testing/openapi-arbitraries.ts). Every answer must be below 500 and every error must
 * follow the error model `{ error, code, issues? }` with the status that belongs to its code. A fixed seed and
 * a modest number of runs per operation keep it reproducible and about a minute long on PostgreSQL.
 */
import fc from "fast-check";
import { createTestContext, type Identity, type TestContext } from "../testing/app.ts";
import { TEST_CARDS } from "../integrations/payments/sandbox.ts";
import { addCard } from "../testing/cards.ts";
import {
  type FuzzRequest,
  type Operation,
  operationsOf,
  requestFor,
} from "../testing/openapi-arbitraries.ts";
import { ERROR_STATUS } from "./errors.ts";

const SEED = 20261123;
const RUNS_PER_OPERATION = 12;
const CALLERS: (Identity | null)[] = [null, "member", "admin"];

/** Why an answer breaks the contract, or null when it keeps it. */
async function contractBreach(res: Response): Promise<string | null> {
  if (res.status >= 500) return `status ${res.status}: ${await res.text()}`;
  if (res.status < 400) {
    await res.body?.cancel();
    return null;
  }
  const text = await res.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    return `status ${res.status} without a JSON body: ${text.slice(0, 200)}`;
  }
  if (typeof body?.error !== "string" || typeof body?.code !== "string") {
    return `not the error model: ${text}`;
  }
  const expected = ERROR_STATUS[body.code as keyof typeof ERROR_STATUS];
  if (expected !== res.status) return `code ${body.code} belongs to ${expected}, answered ${res.status}`;
  const issuesOk = body.issues === undefined || (Array.isArray(body.issues) &&
    body.issues.every((i: unknown) =>
      typeof (i as { path?: unknown }).path === "string" &&
      typeof (i as { message?: unknown }).message === "string"
    ));
  return issuesOk ? null : `issues are not [{ path, message }]: ${text}`;
}

async function send(ctx: TestContext, who: Identity | null, op: Operation, req: FuzzRequest) {
  const headers = new Headers(req.headers);
  // A fresh session per request: the fuzzer may well sign out (POST /api/logout) with the one it was given.
  if (who) headers.set("Authorization", `Bearer ${await ctx.tokenFor(who)}`);
  return await ctx.app.request(req.path, { method: op.method, headers, body: req.body });
}

/**
 * Saved cards and store items with the small ids the generators favour (the member's cards are 1 to 3), so
 * generated purchases and memberships reach the processor.
 */
async function seedSomethingToBuy(ctx: TestContext) {
  const member = await ctx.tokenFor("member");
  for (const card of [TEST_CARDS.success, TEST_CARDS.declinedOnCharge, TEST_CARDS.processingError]) {
    await addCard(ctx, member, card);
  }
  await addCard(ctx, await ctx.tokenFor("admin"));
  await ctx.database.db.insertInto("store_items").values([
    { name: "Form", cost_cents: 500 },
    { name: "Swab", cost_cents: 1500 },
    { name: "Kit", cost_cents: 0 },
  ]).execute();
}

Deno.test("fuzz: every operation answers hostile input with a 4xx in the error model, never a 5xx", async (t) => {
  const ctx = await createTestContext();
  // Quiet: the server logs every refused webhook and failed charge, and the fuzzer causes thousands.
  const { warn, error } = console;
  try {
    await seedSomethingToBuy(ctx);
    const doc = await (await ctx.request(null, "GET", "/api/openapi.json")).json();
    // Deletions last, so that the cards and records the other operations use are still there.
    const operations = operationsOf(doc).sort((a, b) =>
      Number(a.method === "DELETE") - Number(b.method === "DELETE")
    );
    for (const op of operations) {
      await t.step(`${op.method} ${op.path}`, async () => {
        const logged: string[] = [];
        console.warn = () => {};
        console.error = (...args: unknown[]) => logged.push(args.map(String).join(" "));
        try {
          for (const [i, who] of CALLERS.entries()) {
            await fc.assert(
              fc.asyncProperty(requestFor(op), async (req) => {
                const res = await send(ctx, who, op, req);
                const breach = await contractBreach(res);
                if (breach) {
                  throw new Error(
                    `${op.method} ${req.path} as ${who ?? "anonymous"}: ${breach}\n${logged.join("\n")}`,
                  );
                }
              }),
              { seed: SEED + i, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
            );
          }
        } finally {
          console.warn = warn;
          console.error = error;
        }
      });
    }
  } finally {
    console.warn = warn;
    console.error = error;
    await ctx.deps.mailer.idle();
    await ctx.close();
  }
});
