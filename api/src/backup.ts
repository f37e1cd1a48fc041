/**
 * `deno task backup [file]` / `deno task restore <file>`: the embedded PGlite database (DATA_DIR/pglite) to
 * one gzipped tarball and back, with PGlite's own dumpDataDir / loadDataDir. Stop the server first: PGlite
 * belongs to one process at a time. Restore never overwrites: a database already in place is moved aside to
 * pglite.replaced-<time>. With DATABASE_URL set, PostgreSQL's pg_dump / pg_restore are the tools (README).
 */
import { PGlite } from "@electric-sql/pglite";
import { existsSync } from "node:fs";
import { loadConfig } from "./config.ts";

/** Writes the database in `dataDir` to `file` (a .tar.gz); answers the bytes written. */
export async function backupPglite(dataDir: string, file: string): Promise<number> {
  if (!existsSync(dataDir)) throw new Error(`There is no embedded database in ${dataDir}.`);
  const pg = await PGlite.create({ dataDir });
  try {
    const dump = await pg.dumpDataDir("gzip");
    const bytes = new Uint8Array(await dump.arrayBuffer());
    await Deno.writeFile(file, bytes);
    return bytes.length;
  } finally {
    await pg.close();
  }
}

/** Loads `file` into `dataDir`; a database already there is moved aside first (answers where, or null). */
export async function restorePglite(file: string, dataDir: string, now = new Date()): Promise<string | null> {
  const dump = new Blob([await Deno.readFile(file)]);
  let movedTo: string | null = null;
  if (existsSync(dataDir)) {
    movedTo = `${dataDir}.replaced-${now.toISOString().replaceAll(":", "-")}`;
    await Deno.rename(dataDir, movedTo);
  }
  const pg = await PGlite.create({ dataDir, loadDataDir: dump });
  await pg.close();
  return movedTo;
}

if (import.meta.main) {
  const [command, file] = Deno.args;
  const config = loadConfig();
  const dataDir = `${config.dataDir}/pglite`;
  if (config.databaseUrl) {
    console.error(
      "DATABASE_URL is set: back PostgreSQL up with pg_dump and restore it with pg_restore (README).",
    );
    Deno.exit(1);
  }
  if (command === "backup") {
    const target = file ?? `apca-backup-${new Date().toISOString().replaceAll(":", "-")}.tar.gz`;
    const size = await backupPglite(dataDir, target);
    console.log(`Backed up ${dataDir} to ${target} (${size} bytes).`);
  } else if (command === "restore" && file) {
    const movedTo = await restorePglite(file, dataDir);
    if (movedTo) console.log(`The database that was in place is kept in ${movedTo}.`);
    console.log(`Restored ${file} into ${dataDir}.`);
  } else {
    console.error("Usage: deno task backup [file.tar.gz] | deno task restore <file.tar.gz>");
    Deno.exit(2);
  }
}
