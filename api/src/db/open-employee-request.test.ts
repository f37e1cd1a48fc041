/**
 * Migration 0028 (decision 0042) on a database that already holds the duplicates the race made: the oldest open
 * request per person and company stays, later ones (same name, or same e-mail) are closed as rejected with their
 * notifications archived, and the unique indexes are then created. Other companies and closed requests are left.
 */
import { sql } from "kysely";
import { assertEquals } from "../testing/assert.ts";
import { withDatabase } from "../testing/db.ts";
import { readMigrations } from "./migrate.ts";

Deno.test("migration 0028 closes duplicate open employee requests before holding one per person", async () => {
  await withDatabase(async (database) => {
    const { db } = database;
    await sql`drop index employee_requests_open_name_key`.execute(db);
    await sql`drop index employee_requests_open_email_key`.execute(db);
    const business = async (name: string) =>
      (await db.insertInto("businesses").values({ name }).returning("id").executeTakeFirstOrThrow()).id;
    const [a, b] = [await business("A Co"), await business("B Co")];
    const request = async (businessId: number, first: string, last: string, email: string | null) => {
      const n = await db.insertInto("notifications").values({
        type: "NEW_EMPLOYEE_REQUEST",
        business_id: businessId,
      })
        .returning("id").executeTakeFirstOrThrow();
      return (await db.insertInto("employee_requests").values({
        business_id: businessId,
        first_name: first,
        last_name: last,
        email,
        notification_id: n.id,
      }).returning("id").executeTakeFirstOrThrow()).id;
    };
    const keep = await request(a, "Rhea", "Boudreaux", "rhea@test.local");
    const sameName = await request(a, "RHEA", "boudreaux", null);
    const sameEmail = await request(a, "Rita", "Other", "Rhea@Test.local");
    const otherPerson = await request(a, "Leon", "Guidry", null);
    const otherCompany = await request(b, "Rhea", "Boudreaux", "rhea@test.local");

    const file = (await readMigrations()).find((m) => m.name.startsWith("0028_"))!;
    await database.applyMigration("0028_again_for_test", file.checksum, file.text);

    const rows = await db.selectFrom("employee_requests as r").leftJoin(
      "notifications as n",
      "n.id",
      "r.notification_id",
    )
      .select(["r.id", "r.status", "n.archived_at"]).orderBy("r.id").execute();
    assertEquals(rows.map((r) => [r.id, r.status, r.archived_at !== null]), [
      [keep, "pending", false],
      [sameName, "rejected", true],
      [sameEmail, "rejected", true],
      [otherPerson, "pending", false],
      [otherCompany, "pending", false],
    ]);
  });
});
