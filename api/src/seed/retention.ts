/**
 * The Records retention screen's demo (decision 0091), on the story's mariners (seed/story.ts): Casey, who
 * cancelled, has records due for removal in the next 30 days (a negative result, a test order that never
 * resulted, an old order, an e-mail); Jordan, named in an investigation, is on legal hold, and a negative result
 * past its period stays.
 */
import type { Transaction } from "kysely";
import type { DateString, DB } from "../db/types.ts";
import { addDays, officeDay, startOfDayIn } from "../lib/dates.ts";

type Tx = Transaction<DB>;

/** Noon in the office on the day a record must have to be removed `inDays` days from today (period in months). */
function madeFor(today: DateString, inDays: number, months: number, timeZone: string): Date {
  const [y, m, d] = addDays(addDays(today, inDays), -1).split("-").map(Number);
  const day = new Date(Date.UTC(y, m - 1 - months, Math.min(d, 28))).toISOString().slice(0, 10);
  return new Date(startOfDayIn(day, timeZone).getTime() + 12 * 3_600_000);
}

async function mariner(tx: Tx, email: string) {
  return (await tx.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
}

async function resultedTest(tx: Tx, userId: number, at: Date) {
  await tx.insertInto("drug_tests").values({
    user_id: userId,
    reason: "pre_employment",
    status: "resulted",
    result: "negative",
    ordered_at: at,
    collected_at: at,
    resulted_at: at,
    created_at: at,
  }).execute();
}

export async function seedRetention(
  tx: Tx,
  admin: number,
  now: Date,
  timeZone: string,
): Promise<void> {
  const today = officeDay(now, timeZone);
  const former = await mariner(tx, "casey.guidry@example.com");
  await resultedTest(tx, former, madeFor(today, 9, 15, timeZone));
  const ordered = madeFor(today, 4, 27, timeZone);
  await tx.insertInto("drug_tests").values({
    user_id: former,
    reason: "random",
    status: "failed",
    error: "The collection site closed before the donor arrived",
    created_at: ordered,
  }).execute();
  const placed = madeFor(today, 20, 87, timeZone);
  await tx.insertInto("orders").values({
    user_id: former,
    total_cents: 9500,
    status: "completed",
    payment_type: "manual",
    payment_medium: "Check Received",
    manual_charge_date: placed.toISOString().slice(0, 10),
    created_at: placed,
    completed_at: placed,
  }).execute();
  const mailed = madeFor(today, 2, 12, timeZone);
  await tx.insertInto("email_outbox").values({
    to_address: "casey.guidry@example.com",
    subject: "Your APCA membership has ended",
    text_body: "Hello Casey,\n\nYour membership ended today.\n\nAPCA",
    status: "sent",
    sent_at: mailed,
    created_at: mailed,
    next_attempt_at: mailed,
  }).execute();

  const held = await mariner(tx, "jordan.pellerin@example.com");
  await resultedTest(tx, held, madeFor(today, -40, 15, timeZone));
  await tx.insertInto("legal_holds").values({
    user_id: held,
    reason: "USCG Sector Houston-Galveston investigation of the M/V Bayou Star allision (case 2026-HOU-0112)",
    placed_at: new Date(now.getTime() - 12 * 86_400_000),
    placed_by_user_id: admin,
  }).execute();
}
