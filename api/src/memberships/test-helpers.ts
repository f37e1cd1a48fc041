/** Shared set-up for the membership tests: cards, memberships and pauses written straight to the database. */
import type { DateString } from "../db/types.ts";
import type { Identity, TestContext } from "../testing/app.ts";
import { addCard } from "../testing/cards.ts";
import { addDays, addYears, coverageDay, officeDay } from "../lib/dates.ts";

/** The coverage day of the test's clock: what "expired" and "due" are read against. */
export const today = (ctx: TestContext): DateString => coverageDay(ctx.deps.now());
/** The office day of the test's clock: what a new term's year is counted from. */
export const officeToday = (ctx: TestContext): DateString =>
  officeDay(ctx.deps.now(), ctx.deps.config.officeTimeZone);
export { addDays, addYears };

/** Saves a card for the identity and answers its id. */
export async function cardFor(ctx: TestContext, who: Identity, number?: string): Promise<number> {
  return await addCard(ctx, await ctx.tokenFor(who), number);
}

/** Writes a membership row directly (no order); answers its id. */
export async function seedMembership(
  ctx: TestContext,
  userId: number,
  more: Partial<{
    type: "annual" | "one_time";
    expire_at: DateString | null;
    autorenew: boolean;
    failed: boolean;
    cancelled_at: Date | null;
    created_at: Date;
  }> = {},
): Promise<number> {
  const type = more.type ?? "annual";
  const expire = more.expire_at === undefined
    ? (type === "annual" ? addYears(today(ctx), 1) : null)
    : more.expire_at;
  const row = await ctx.database.db.insertInto("memberships").values({
    user_id: userId,
    type,
    expire_at: expire,
    has_expiration: expire !== null,
    autorenew: more.autorenew ?? type === "annual",
    failed: more.failed ?? false,
    cancelled_at: more.cancelled_at ?? null,
    price_cents: 10500,
    // On the test's clock, not the database's: a test may run at another hour than the wall clock's.
    created_at: more.created_at ?? ctx.deps.now(),
    starts_at: more.created_at ?? ctx.deps.now(),
  }).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/** Deletes every membership, pause, order, charge and notification (between independent steps of one file). */
export async function clearMemberships(ctx: TestContext): Promise<void> {
  const { db } = ctx.database;
  await db.deleteFrom("notifications").execute();
  await db.deleteFrom("membership_pauses").execute();
  await db.deleteFrom("memberships").execute();
  await db.deleteFrom("order_items").execute();
  await db.deleteFrom("orders").execute();
  // The processor's record too: derived idempotency keys start again once the orders are gone.
  await db.deleteFrom("sandbox_charges").execute();
}

export async function count(
  ctx: TestContext,
  table: "sandbox_charges" | "orders" | "memberships",
): Promise<number> {
  const row = await ctx.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const daysAgo = (ctx: TestContext, days: number): Date =>
  new Date(ctx.deps.now().getTime() - days * 86_400_000);
