/**
 * The random pool API tests' set-up: covered members (an active annual membership through a company, and the
 * company's employee), the company set up in i3, a job runner for the pool queues, and the calls the tests
 * read pools with. Shared by randoms.test.ts and release.test.ts.
 */
import type { Kysely } from "kysely";
import type { DB } from "../db/types.ts";
import { setUpBusinessInI3 } from "../drug-tests/service.ts";
import { createJobRunner } from "../lib/jobs.ts";
import { assertEquals } from "../testing/assert.ts";
import type { Identity, TestContext } from "../testing/app.ts";
import { randomJobs } from "./jobs.ts";
import { CandidateListAnswer, PoolAnswer, VerifyAnswer } from "./schemas.ts";

/**
 * A member covered from 2020 (unless `extra` says otherwise) through `businessId`'s annual membership. With
 * `employee`, also the company's business user (a DER sees only its own employees' selections).
 */
export async function coveredMember(
  db: Kysely<DB>,
  i: number,
  businessId: number,
  extra: Record<string, unknown> = {},
  { employee = false }: { employee?: boolean } = {},
) {
  const { id } = await db.insertInto("users").values({
    email: `mariner${i}@test.local`,
    password_hash: "x",
    first_name: `Mariner${i}`,
    last_name: "Random",
    member_number: `M${String(i).padStart(5, "0")}`,
  }).returning("id").executeTakeFirstOrThrow();
  const m = await db.insertInto("memberships").values({
    user_id: id,
    business_id: businessId,
    type: "annual",
    price_cents: 10500,
    has_expiration: true,
    expire_at: "2099-12-31",
    starts_at: new Date("2020-01-01T00:00:00Z"),
    ...extra,
  }).returning("id").executeTakeFirstOrThrow();
  if (employee) {
    await db.insertInto("business_users").values({ business_id: businessId, user_id: id, is_employee: true })
      .execute();
  }
  return { userId: id, membershipId: m.id };
}

/** The pool job runner (no backoff) and the admin's reads of a pool, its candidates and its verify report. */
export function poolHarness(ctx: TestContext) {
  const runner = createJobRunner(ctx.deps, randomJobs, { backoffMs: () => 0 });
  const get = async (who: Identity, path: string) => {
    const res = await ctx.request(who, "GET", path);
    assertEquals(res.status, 200, path);
    return await res.json();
  };
  return {
    runner,
    pool: async (id: number) => PoolAnswer.parse(await get("admin", `/api/auth/randoms/${id}`)).data,
    candidates: async (id: number) =>
      CandidateListAnswer.parse(await get("admin", `/api/auth/randoms/${id}/candidates`)).data,
    verify: async (id: number) =>
      VerifyAnswer.parse(await get("admin", `/api/auth/randoms/${id}/verify`)).data,
    /** Creates the month's pool and builds it (snapshot and draw, then pre-order): answers its id. */
    async drawn(year: number, month: number): Promise<number> {
      const res = await ctx.request("admin", "POST", "/api/auth/randoms", { year, month });
      assertEquals(res.status, 201);
      const { id } = PoolAnswer.parse(await res.json()).data;
      await (await ctx.request("admin", "POST", `/api/auth/randoms/${id}/build`)).body?.cancel();
      await runner.tick();
      return id;
    },
    /** Orders a pre-ordered pool's tests through the i3 simulator and makes its PDFs (status built). */
    async ordered(id: number): Promise<void> {
      await (await ctx.request("admin", "POST", `/api/auth/randoms/${id}/order`)).body?.cancel();
      await runner.tick();
      await runner.tick();
    },
  };
}

/** Sets the company up in i3 (so its tests can be ordered). */
export const inI3 = (ctx: TestContext, businessId: number) => setUpBusinessInI3(ctx.deps, businessId);
