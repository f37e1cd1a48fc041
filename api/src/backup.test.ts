import { backupPglite, restorePglite } from "./backup.ts";
import { connectPglite } from "./db/client.ts";
import { migrate } from "./db/migrate.ts";
import { assertEquals, assertOk } from "./testing/assert.ts";

Deno.test("backup and restore: the embedded database round-trips through one file", async () => {
  const dir = await Deno.makeTempDir({ prefix: "apca-backup-" });
  try {
    const original = await connectPglite(`${dir}/pglite`);
    await migrate(original);
    await original.db.insertInto("app_secrets").values({ name: "backup_probe", value: "kept" }).execute();
    await original.close();

    const file = `${dir}/backup.tar.gz`;
    assertOk((await backupPglite(`${dir}/pglite`, file)) > 0);
    // A restore over a database in place keeps that one aside rather than losing it.
    const replaced = await connectPglite(`${dir}/pglite`);
    await replaced.db.deleteFrom("app_secrets").where("name", "=", "backup_probe").execute();
    await replaced.close();
    const movedTo = await restorePglite(file, `${dir}/pglite`, new Date("2026-11-23T12:00:00Z"));
    assertEquals(movedTo, `${dir}/pglite.replaced-2026-11-23T12-00-00.000Z`);

    const restored = await connectPglite(`${dir}/pglite`);
    try {
      const row = await restored.db.selectFrom("app_secrets").select("value").where(
        "name",
        "=",
        "backup_probe",
      )
        .executeTakeFirst();
      assertEquals(row?.value, "kept");
      assertEquals(await migrate(restored), [], "the restored database is migrated already");
    } finally {
      await restored.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
