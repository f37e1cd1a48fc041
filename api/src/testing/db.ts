/**
 * A fresh, migrated database for one test file. With TEST_DATABASE_URL (a PostgreSQL server URL, as CI sets)
 * it creates a uniquely named database on that server and drops it afterwards; otherwise it uses an
 * in-memory PGlite. Either way the caller gets the same `Database` the server uses.
 */
import postgres from "postgres";
import { connectPglite, connectPostgres, type Database } from "../db/client.ts";
import { migrate } from "../db/migrate.ts";

export const testDatabaseUrl = (): string | undefined => Deno.env.get("TEST_DATABASE_URL") || undefined;

/** Creates a fresh database, migrates it, and returns it with a `drop` that removes it. */
export async function createTestDatabase(): Promise<
  Database & {
    drop(): Promise<void>; /** The database's own URL (PostgreSQL only), for a server process. */
    url?: string;
  }
> {
  const serverUrl = testDatabaseUrl();
  if (!serverUrl) {
    const database = await connectPglite(null);
    await migrate(database);
    return { ...database, drop: () => database.close() };
  }
  const name = `apca_test_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = connectPostgres(url.toString(), { max: 5 });
  try {
    await migrate(database);
  } catch (error) {
    await database.close();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
    throw error;
  }
  return {
    ...database,
    url: url.toString(),
    async drop() {
      await database.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** Runs `fn` with a fresh database and always drops it afterwards. */
export async function withDatabase<T>(fn: (database: Database) => Promise<T>): Promise<T> {
  const database = await createTestDatabase();
  try {
    return await fn(database);
  } finally {
    await database.drop();
  }
}
