/**
 * The e2e run's own PostgreSQL database: created fresh for every run, dropped at the end.
 * Created by the webServer command (support/database-cli.ts, before the API starts), dropped by
 * global-teardown.ts. The name comes from E2E_DATABASE_NAME, set once by playwright.config.ts.
 */
import postgres from "postgres";
import process from "node:process";

export const SERVER_URL = process.env.E2E_DATABASE_SERVER_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres";

/** The connection string of database `name` on the same server as SERVER_URL. */
export function databaseUrl(name: string): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

function checkedName(name: string | undefined): string {
  // The name is interpolated into DDL, so accept only what we generate ourselves.
  if (!name || !/^apca_e2e_[a-z0-9_]+$/.test(name)) throw new Error(`Unexpected e2e database name: ${name}`);
  return name;
}

async function withServer(work: (sql: postgres.Sql) => Promise<unknown>): Promise<void> {
  const sql = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
  try {
    await work(sql);
  } finally {
    await sql.end();
  }
}

export async function createDatabase(name: string | undefined): Promise<void> {
  const safe = checkedName(name);
  await withServer((sql) => sql.unsafe(`CREATE DATABASE "${safe}"`));
}

/** Drops the database even while the API server is still connected (Playwright stops it after teardown). */
export async function dropDatabase(name: string | undefined): Promise<void> {
  const safe = checkedName(name);
  await withServer((sql) => sql.unsafe(`DROP DATABASE IF EXISTS "${safe}" WITH (FORCE)`));
}
