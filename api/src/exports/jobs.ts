/**
 * The export jobs: building a file (one job per run of an export) and the hourly expiry of old files.
 *
 * A build streams: the CSV comes from the database (one COPY on PostgreSQL, keyset batches on PGlite and for
 * the MIS report: bodies.ts) and storage writes the bytes as they come (lib/storage.ts), so memory stays flat
 * whatever the export's size. Any failure (the database, the storage) leaves the export FAILED with its error;
 * an administrator runs it again (service.ts retryExport). The job itself never fails for that, so the queue
 * does not retry on its own: only a process that died mid-build gets its job claimed again, and the new put
 * replaces the half-written file.
 */
import type { Deps } from "../lib/context.ts";
import { DAY, type JobHandler } from "../lib/jobs.ts";
import type { Storage } from "../lib/storage.ts";
import { batchBody, copyBody, type ExportBody } from "./bodies.ts";
import { type KindContext, KINDS } from "./kinds.ts";
import {
  dueForExpiry,
  failAbandoned,
  findExport,
  markBuilt,
  markExpired,
  markFailed,
  setProgress,
} from "./queries.ts";

export const BUILD_QUEUE = "exports.build";
export const EXPIRE_QUEUE = "exports.expire";

/** Rows per database round trip: large enough to stream fast, small enough to keep memory flat. */
export const BATCH_ROWS = 5000;

export const storageKey = (id: number) => `exports/${id}.csv`;
export const CSV_TYPE = "text/csv; charset=utf-8";

/**
 * Test and development only (never in production: the header that sets it is refused there, service.ts): an
 * export whose stored filters carry `simulate_storage_failure` fails its first run at the storage, so the
 * failed state and the Run again action can be exercised end to end.
 */
export const SIMULATED_FAILURE = "Storage unavailable (simulated storage failure)";

function failingStorage(): Storage {
  return {
    put: () => Promise.reject(new Error(SIMULATED_FAILURE)),
    get: () => Promise.resolve(null),
    delete: () => Promise.resolve(),
    prune: () => Promise.resolve(0),
  };
}

export const buildExport: JobHandler<Deps> = async (payload, { deps }) => {
  const id = Number(payload.export_id), run = Number(payload.run);
  const { db } = deps.database;
  const row = await findExport(db, id);
  // A stale job: the export was deleted, already finished, or a newer run owns it.
  if (!row || row.status !== "BUILDING" || row.runs !== run) return;
  const kind = KINDS[row.type];
  const ctx: KindContext = { db, officeTimeZone: deps.config.officeTimeZone, now: deps.now() };
  const storage = row.filters.simulate_storage_failure === true && run === 1 && !deps.config.production
    ? failingStorage()
    : deps.storage;
  const key = storageKey(id);
  let source: ExportBody | null = null;
  try {
    const total = await kind.total(ctx, row.filters);
    await setProgress(db, id, run, { rows_total: total, rows_written: 0 });
    const progress = (read: number) => setProgress(db, id, run, { rows_written: Math.min(read, total) });
    const copyOut = deps.database.copyOut;
    source = kind.copy && copyOut
      ? copyBody(kind.header, copyOut(kind.copy(ctx, row.filters)), progress)
      : batchBody(kind.header, (after) => kind.batch(ctx, row.filters, after, BATCH_ROWS), progress);
    const body = source.body;
    const bytes = await storage.put(key, body, CSV_TYPE);
    const now = deps.now();
    const expiresAt = new Date(now.getTime() + deps.config.exportRetentionDays * DAY);
    const rows = source.written();
    if (!await markBuilt(db, id, run, { storageKey: key, rows, bytes, now, expiresAt })) {
      // Run again meanwhile (a lease lost to a slow build): the newer run writes its own file.
      return;
    }
  } catch (error) {
    // A storage that failed without reading its body: the body's source (a COPY holding a connection) stops.
    if (source && !source.body.locked) await source.body.cancel(error).catch(() => {});
    const message = (error instanceof Error ? error.message : String(error)).split("\n")[0].slice(0, 500);
    await deps.storage.delete(key).catch(() => {});
    await markFailed(db, id, run, message || "The export could not be built.", deps.now());
    deps.log({ level: "warn", event: "export_failed", export: id, run, error: message });
  }
};

export const ABANDONED = "The build stopped with its server process; run it again.";

/**
 * Hourly: deletes the files of exports past their retention (EXPORT_RETENTION_DAYS) and marks them expired,
 * and marks FAILED the exports whose build job was given up, so that they can be run again.
 */
export const expireExports: JobHandler<Deps> = async (_payload, { deps }) => {
  const { db } = deps.database;
  const now = deps.now();
  await failAbandoned(db, now, ABANDONED);
  for (;;) {
    const due = await dueForExpiry(db, now, 100);
    for (const e of due) {
      if (e.storage_key) await deps.storage.delete(e.storage_key);
      await markExpired(db, e.id, now);
    }
    if (due.length < 100) return;
  }
};
