import { loadConfig } from "./config.ts";
import { seed, STORE_ITEMS } from "./seed.ts";
import { assertEquals } from "./testing/assert.ts";
import { withDatabase } from "./testing/db.ts";
import { checkCredentials } from "./auth/service.ts";

Deno.test("seed: demo data once, with working sign-ins", async () => {
  await withDatabase(async (database) => {
    const config = {
      ...loadConfig(),
      seedAdminEmail: "boss@example.test",
      seedAdminPassword: "from-env-secret",
    };
    await seed(database, config);
    await seed(database, config);
    const { db } = database;
    const count = async (table: "users" | "businesses" | "vessels" | "store_items") =>
      Number(
        (await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()).n,
      );
    assertEquals([await count("users"), await count("businesses"), await count("vessels")], [5, 4, 3]);
    const waiting = await db.selectFrom("employee_requests").select([
      "first_name",
      "status",
      "notification_id",
    ])
      .executeTakeFirstOrThrow();
    assertEquals([waiting.first_name, waiting.status, waiting.notification_id !== null], [
      "Remy",
      "pending",
      true,
    ]);
    const items = await db.selectFrom("store_items").select(["name", "cost_cents"]).orderBy("sort_order")
      .execute();
    assertEquals(items, STORE_ITEMS.map(({ name, cost_cents }) => ({ name, cost_cents })));
    const admin = await checkCredentials(db, "boss@example.test", "from-env-secret");
    assertEquals(admin?.is_admin, true);
    const der = await checkCredentials(db, "der@apca.local", "der-password-local");
    assertEquals(der?.is_der, true);
    const company = await db.selectFrom("businesses").select(["name", "der_user_id"]).where(
      "is_individual",
      "=",
      false,
    )
      .executeTakeFirstOrThrow();
    assertEquals(company, { name: "Gulf Coast Towing LLC", der_user_id: der!.user_id });
    // An employee's membership is paid by the company (the DER's employee screens are not empty).
    const companyPaid = await db.selectFrom("memberships as m").innerJoin("users as u", "u.id", "m.user_id")
      .innerJoin("businesses as b", "b.id", "m.business_id").select(["u.email", "b.name", "m.type"])
      .execute();
    assertEquals(companyPaid, [{
      email: "employee1@apca.local",
      name: "Gulf Coast Towing LLC",
      type: "annual",
    }]);
  });
});
