/**
 * Exports: creating one (queued for the build job), running a failed one again, reading them with their
 * progress, and opening a built file for download. Every administrator action, downloads included, is
 * audited in the same transaction: exports carry personal data and, for I3 Tests, results that 49 CFR 40.321
 * keeps confidential.
 */
import type { z } from "zod";
import type { DB, JsonObject } from "../db/types.ts";
import type { Selectable } from "kysely";
import { audit } from "../lib/audit.ts";
import type { Actor, Deps } from "../lib/context.ts";
import { AppError, invalid, notFound } from "../lib/errors.ts";
import { enqueue } from "../lib/jobs.ts";
import type { ListParams } from "../lib/list.ts";
import { record, ref } from "../lib/list.ts";
import { BUILD_QUEUE } from "./jobs.ts";
import { KINDS } from "./kinds.ts";
import {
  findExport,
  insertExport,
  listExports,
  lockAndCountBuilding,
  lockExport,
  restartExport,
} from "./queries.ts";
import { EXPORT_MESSAGES as M, type ExportCreateBody } from "./schemas.ts";

type ExportRow = Pick<
  Selectable<DB["exports"]>,
  | "id"
  | "type"
  | "filters"
  | "status"
  | "rows_written"
  | "rows_total"
  | "row_count"
  | "byte_size"
  | "error"
  | "runs"
  | "created_by_user_id"
  | "created_at"
  | "finished_at"
  | "expires_at"
  | "expired_at"
>;

export const exportFilename = (id: number) => `export-${id}.csv`;

export function toExportRecord(e: ExportRow) {
  return record("export", e.id, {
    type: e.type,
    type_label: KINDS[e.type].label,
    status: e.status,
    filters: e.filters,
    rows_written: e.rows_written,
    rows_total: e.rows_total,
    row_count: e.row_count,
    byte_size: e.byte_size === null ? null : Number(e.byte_size),
    error: e.error,
    runs: e.runs,
    created_at: new Date(e.created_at).toISOString(),
    finished_at: e.finished_at ? new Date(e.finished_at).toISOString() : null,
    expires_at: e.expires_at ? new Date(e.expires_at).toISOString() : null,
    expired: e.expired_at !== null,
    filename: exportFilename(e.id),
  }, { created_by: ref("user", e.created_by_user_id) });
}

/** Only the filters a type reads are kept, so the record says exactly what the file holds. */
function filtersFor(input: z.infer<typeof ExportCreateBody>, hooks: TestHooks): JsonObject {
  const f = input.filters;
  const kept: JsonObject = input.type === "i3_tests"
    ? { reason: f.reason, from: f.from, to: f.to }
    : input.type === "expired_memberships"
    ? { from: f.from, to: f.to }
    : input.type === "mis"
    ? { year: f.year, business_id: f.business_id }
    : {};
  if (hooks.simulateStorageFailure) kept.simulate_storage_failure = true;
  return kept;
}

/** Due now by the injected clock (the column's default is the database's clock). */
const enqueueRun = (db: Parameters<typeof enqueue>[0], id: number, run: number, now: Date) =>
  enqueue(db, BUILD_QUEUE, { export_id: id, run }, {
    runAt: now,
    uniqueKey: `export-${id}-run-${run}`,
    maxAttempts: 3,
  });

/** Seconds a refused administrator is told to wait: about what one export takes to build. */
export const QUEUED_RETRY_AFTER_SECONDS = 30;

/**
 * At most `exportsPerAdmin` exports of one administrator BUILDING at once. The administrator's user row is
 * locked first, so concurrent requests of one administrator count one after another and never pass together.
 */
async function refuseOverQueued(
  trx: Parameters<typeof enqueue>[0],
  deps: Pick<Deps, "config">,
  userId: number,
) {
  const limit = deps.config.exportsPerAdmin;
  if (await lockAndCountBuilding(trx, userId) >= limit) {
    throw new AppError("RATE_LIMITED", M.tooManyQueued(limit), undefined, {
      "Retry-After": String(QUEUED_RETRY_AFTER_SECONDS),
    });
  }
}

/**
 * Test and development only, outside the request schema and the OpenAPI document (decision 0052): the
 * `X-Simulate-Storage-Failure: 1` header makes the export's first run fail at the storage (jobs.ts), so the
 * failed state and Run again can be exercised end to end. Refused in production.
 */
export const SIMULATE_STORAGE_FAILURE_HEADER = "X-Simulate-Storage-Failure";
export interface TestHooks {
  simulateStorageFailure?: boolean;
}

export async function createExport(
  deps: Pick<Deps, "database" | "now" | "config">,
  actor: Actor,
  input: z.infer<typeof ExportCreateBody>,
  hooks: TestHooks = {},
) {
  if (hooks.simulateStorageFailure && deps.config.production) {
    throw invalid(SIMULATE_STORAGE_FAILURE_HEADER, M.simulationRefused);
  }
  return await deps.database.db.transaction().execute(async (trx) => {
    await refuseOverQueued(trx, deps, actor.user.user_id);
    const row = await insertExport(trx, input.type, filtersFor(input, hooks), actor.user.user_id);
    await enqueueRun(trx, row.id, 1, deps.now());
    await audit(trx, {
      actor: actor.user.user_id,
      action: "export.create",
      entity: "export",
      entityId: row.id,
      detail: { type: row.type, filters: row.filters },
      ip: actor.ip,
    });
    return toExportRecord(row);
  });
}

/** A FAILED export back to BUILDING with a new run and job; 409 for any other state. */
export async function retryExport(deps: Pick<Deps, "database" | "now">, actor: Actor, id: number) {
  return await deps.database.db.transaction().execute(async (trx) => {
    const row = await lockExport(trx, id);
    if (!row) throw notFound("Export");
    if (row.status !== "FAILED") throw new AppError("CONFLICT", M.notFailed);
    const run = row.runs + 1;
    await restartExport(trx, id, run);
    await enqueueRun(trx, id, run, deps.now());
    await audit(trx, {
      actor: actor.user.user_id,
      action: "export.retry",
      entity: "export",
      entityId: id,
      detail: { type: row.type, run, previous_error: row.error },
      ip: actor.ip,
    });
    return toExportRecord((await findExport(trx, id))!);
  });
}

export async function getExport(deps: Pick<Deps, "database">, id: number) {
  const row = await findExport(deps.database.db, id);
  if (!row) throw notFound("Export");
  return toExportRecord(row);
}

export async function exportPage(deps: Pick<Deps, "database">, params: ListParams) {
  const { rows, meta } = await listExports(deps.database.db, params);
  return { data: rows.map(toExportRecord), meta };
}

/**
 * The built file as a stream, after writing the download to the audit log (who, which export, which type):
 * a download that then breaks off is still recorded, which is the safe side for personal data.
 */
export async function openDownload(deps: Pick<Deps, "database" | "storage">, actor: Actor, id: number) {
  const row = await findExport(deps.database.db, id);
  if (!row) throw notFound("Export");
  if (row.status !== "BUILT" || !row.storage_key) throw new AppError("CONFLICT", M.notBuilt);
  if (row.expired_at) throw new AppError("CONFLICT", M.expired);
  const file = await deps.storage.get(row.storage_key);
  if (!file) throw new AppError("CONFLICT", M.expired);
  try {
    await audit(deps.database.db, {
      actor: actor.user.user_id,
      action: "export.download",
      entity: "export",
      entityId: id,
      detail: { type: row.type, rows: row.row_count, filters: row.filters },
      ip: actor.ip,
    });
  } catch (error) {
    await file.body.cancel();
    throw error;
  }
  return { file, filename: exportFilename(id) };
}
