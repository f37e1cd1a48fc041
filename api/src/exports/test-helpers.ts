/** Test helpers for exports: a strict RFC 4180 reader, and the fixed data set of the export and MIS tests. */
import type { TestContext } from "../testing/app.ts";

/** Records of a CSV text (without a BOM): quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = "", record: string[] = [], i = 0, quoted = false;
  while (i < text.length) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') field += '"', i += 2;
      else if (ch === '"') quoted = false, i++;
      else field += ch, i++;
    } else if (ch === '"' && field === "") quoted = true, i++;
    else if (ch === ",") record.push(field), field = "", i++;
    else if (ch === "\r" && text[i + 1] === "\n") {
      record.push(field), records.push(record), record = [], field = "", i += 2;
    } else if (ch === '"' || ch === "\n" || ch === "\r") {
      throw new Error(`bare ${JSON.stringify(ch)} at ${i}`);
    } else field += ch, i++;
  }
  if (field !== "" || record.length) throw new Error("the last record has no CRLF");
  return records;
}

/**
 * The small fixed data set of the export and MIS tests, on top of the test context's five users (companies A
 * and B). Hand-computed MIS counts for 2026 in America/New_York:
 *   A: covered 1 (member); t1 random negative, t2 pre-employment positive (marijuana), t6 follow-up positive
 *      (cocaine and amphetamines): total 3, negatives 1, positives 2.
 *   B: covered 1 (otherMember); t3 random refusal, t4 post-accident cancelled at 23:30 on Dec 31 New York
 *      time (already 2027 in UTC): total 2, refusals 1, cancelled 1.
 *   t5 (A, random, negative dilute) resulted at 22:00 on Dec 31 2025 New York time (2026 in UTC): 2025's.
 */
export async function seedFixedData(ctx: TestContext) {
  const { db } = ctx.database;
  const { member, otherMember } = ctx.users;
  const A = member.businessId, B = otherMember.businessId;
  await db.updateTable("users").set({
    first_name: '=HYPERLINK("http://x","y")',
    last_name: 'Zoë, "Q"',
    phone: "+1 555 0100",
    ssn_last4: "1234",
  }).where("id", "=", member.id).execute();
  await db.updateTable("business_users").set({ created_at: "2025-06-01T12:00:00Z" }).execute();

  const orderId = (await db.insertInto("orders").values({
    user_id: member.id,
    total_cents: 10500,
    status: "completed",
    kind: "membership",
    completed_at: "2026-03-01T12:00:00Z",
  }).returning("id").executeTakeFirstOrThrow()).id;

  const test = async (
    user: number,
    business: number,
    reason: "random" | "pre_employment" | "post_accident" | "follow_up",
    result: "negative" | "negative_dilute" | "positive" | "refusal" | "cancelled",
    created: string,
    resulted: string,
    positive: string[] = [],
  ) => {
    const id = (await db.insertInto("drug_tests").values({
      user_id: user,
      business_id: business,
      reason,
      status: "resulted",
      result,
      created_at: created,
      ordered_at: created,
      resulted_at: resulted,
      i3_order_ref: `SIM-${created}-${reason}`,
    }).returning("id").executeTakeFirstOrThrow()).id;
    const names = ["Marijuana metabolites (THCA)", "Cocaine metabolites (benzoylecgonine)", "Amphetamines"];
    await db.insertInto("drug_test_panels").values({
      drug_test_id: id,
      detail: {
        specimen_id: `SPEC-${id}`,
        analytes: names.map((name) => ({
          name,
          cutoff_ng_ml: 50,
          result: positive.some((p) => name.toLowerCase().includes(p)) ? "positive" : "negative",
        })),
      },
    }).execute();
    return id;
  };
  const tests = {
    t1: await test(member.id, A, "random", "negative", "2026-03-10T15:00:00Z", "2026-03-12T15:00:00Z"),
    t2: await test(
      member.id,
      A,
      "pre_employment",
      "positive",
      "2026-04-28T15:00:00Z",
      "2026-05-01T15:00:00Z",
      ["marijuana"],
    ),
    t3: await test(otherMember.id, B, "random", "refusal", "2026-05-30T15:00:00Z", "2026-06-01T15:00:00Z"),
    t4: await test(
      otherMember.id,
      B,
      "post_accident",
      "cancelled",
      "2026-12-30T15:00:00Z",
      "2027-01-01T04:30:00Z",
    ),
    t5: await test(member.id, A, "random", "negative_dilute", "2025-12-20T15:00:00Z", "2026-01-01T03:00:00Z"),
    t6: await test(
      member.id,
      A,
      "follow_up",
      "positive",
      "2026-06-28T15:00:00Z",
      "2026-07-01T15:00:00Z",
      ["cocaine", "amphetamines"],
    ),
  };

  const membership = async (user: number, type: "annual" | "one_time", expire: string) =>
    (await db.insertInto("memberships").values({
      user_id: user,
      type,
      has_expiration: true,
      expire_at: expire,
      price_cents: 10500,
    }).returning("id").executeTakeFirstOrThrow()).id;
  const memberships = {
    m1: await membership(member.id, "annual", "2026-01-15"),
    m2: await membership(otherMember.id, "one_time", "2026-10-01"),
    m3: await membership(member.id, "annual", "2027-01-15"),
  };
  return { orderId, tests, memberships };
}
