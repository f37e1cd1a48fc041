/**
 * Applies every sql/NNNN_*.sql file once, in name order, each in its own transaction, and records its
 * checksum. Refuses to go on when a file that was applied has since changed or disappeared: migrations are
 * frozen once landed, and a new change is a new file.
 */
import { resolve } from "node:path";
import type { Database } from "./client.ts";

/** The migrations: sql/ at the project's root. */
export const SQL_DIR = resolve(import.meta.dirname ?? ".", "..", "..", "..", "sql");

export class MigrationError extends Error {}

export interface MigrationFile {
  name: string;
  checksum: string;
  text: string;
}

export async function readMigrations(dir = SQL_DIR): Promise<MigrationFile[]> {
  const files: MigrationFile[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (!entry.isFile || !/^\d{4}_[\w-]+\.sql$/.test(entry.name)) continue;
    const text = await Deno.readTextFile(`${dir}/${entry.name}`);
    files.push({ name: entry.name, checksum: await sha256(text), text });
  }
  return files.sort((a, b) => a.name.localeCompare(b.name));
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Applies pending migrations; returns the names applied by this call. */
export async function migrate(database: Database, files?: MigrationFile[]): Promise<string[]> {
  const migrations = files ?? await readMigrations();
  const applied = await appliedChecksums(database);
  const known = new Set(migrations.map((m) => m.name));
  for (const name of applied.keys()) {
    if (!known.has(name)) throw new MigrationError(`Applied migration ${name} is missing from sql/`);
  }
  const done: string[] = [];
  for (const m of migrations) {
    const previous = applied.get(m.name);
    if (previous !== undefined) {
      if (previous !== m.checksum) {
        throw new MigrationError(
          `Migration ${m.name} was changed after it was applied; add a new file instead`,
        );
      }
      continue;
    }
    if (await database.applyMigration(m.name, m.checksum, m.text)) done.push(m.name);
  }
  return done;
}

async function appliedChecksums(database: Database): Promise<Map<string, string>> {
  const exists = await database.query<{ t: string | null }>(
    "select to_regclass('schema_migrations')::text as t",
  );
  if (!exists[0]?.t) return new Map();
  const rows = await database.query<{ name: string; checksum: string }>(
    "select name, checksum from schema_migrations",
  );
  return new Map(rows.map((r) => [r.name, r.checksum]));
}
