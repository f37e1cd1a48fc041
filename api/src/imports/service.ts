/**
 * Imports (decision 0084): upload a file (streamed to storage, looked at once on the way), map its columns,
 * the dry run, the apply, the rollback and the claim e-mails. Every step is audited.
 */
import type { z } from "zod";
import type { Kysely } from "kysely";
import type { DB, ImportKind, JsonObject } from "../db/types.ts";
import { audit } from "../lib/audit.ts";
import type { Actor, Deps } from "../lib/context.ts";
import { AppError, invalid, notFound } from "../lib/errors.ts";
import { enqueue } from "../lib/jobs.ts";
import { record, ref } from "../lib/list.ts";
import { deleteImportedUser, updateImportedUser } from "../users/imported.ts";
import {
  deleteImportedBusiness,
  deleteImportedLink,
  updateImportedBusiness,
} from "../businesses/imported.ts";
import { deleteImportedTest, updateImportedTest } from "../drug-tests/imported.ts";
import { deleteImportedMembership, updateImportedMembership } from "../memberships/imported.ts";
import { deleteImportedOrder, updateImportedOrder } from "../orders/imported.ts";
import { csvRow, decode, headOf, inspector, looksLikeCsv, NOT_CSV, records, sniffSeparator } from "./csv.ts";
import { suggestMapping, TEMPLATES } from "./fields.ts";
import { exportStream } from "./export.ts";
import { storeOrderDependents, undoStoreOrder } from "./store-orders/kind.ts";
import { APPLY_QUEUE, CHECK_QUEUE, CLAIM_QUEUE } from "./jobs.ts";
import {
  appliedRows,
  businessDependents,
  countClaimPending,
  currentStamp,
  findBatch,
  findMapping,
  insertBatch,
  listBatches,
  lockBatch,
  rowsPage,
  rowsPaged,
  saveMapping,
  updateBatch,
  userDependents,
} from "./queries.ts";
import { type CheckBody, IMPORT_MESSAGES as M, type RowsQuery } from "./schemas.ts";

type Batch = NonNullable<Awaited<ReturnType<typeof findBatch>>>;
const iso = (d: Date | string | null) => d === null ? null : new Date(d).toISOString();

export function toImportRecord(b: Batch, now: Date) {
  let secondsLeft: number | null = null;
  if (b.status === "applying" && b.apply_started_at && b.rows_total && b.rows_done > 0) {
    const spent = (now.getTime() - new Date(b.apply_started_at).getTime()) / 1000;
    secondsLeft = Math.max(0, Math.round(spent / b.rows_done * (b.rows_total - b.rows_done)));
  }
  return record("import", b.id, {
    kind: b.kind as "members",
    status: b.status,
    file_name: b.file_name,
    file_sha256: b.file_sha256,
    byte_size: Number(b.byte_size),
    encoding: b.encoding,
    separator: b.separator,
    header: b.header,
    mapping: b.mapping,
    date_format: b.date_format,
    phone_format: b.phone_format,
    rows_total: b.rows_total,
    rows_checked: b.rows_checked,
    rows_done: b.rows_done,
    seconds_left: secondsLeft,
    created: b.created,
    updated: b.updated,
    unchanged: b.unchanged,
    errors: b.errors,
    warnings: b.warnings,
    error: b.error,
    created_at: iso(b.created_at)!,
    checked_at: iso(b.checked_at),
    applied_at: iso(b.applied_at),
    rolled_back_at: iso(b.rolled_back_at),
    claim_sent_at: iso(b.claim_sent_at),
    claim_sent_count: b.claim_sent_count,
    claim_total: b.claim_total,
  }, { created_by: ref("user", b.created_by_user_id) });
}

async function headerShape(kind: ImportKind, header: string[]) {
  const text = `${kind}\n${header.map((h) => h.trim().toLowerCase()).join("\n")}`;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function withMapping(deps: Pick<Deps, "database" | "storage" | "now">, b: Batch) {
  const saved = await findMapping(deps.database.db, b.kind, await headerShape(b.kind, b.header));
  const file = await deps.storage.get(b.storage_key);
  const sample: string[][] = [];
  if (file) {
    for await (const r of records(file.body, b.encoding, b.separator)) {
      if (r.number === 1) continue;
      sample.push(r.cells);
      if (sample.length >= 5) break;
    }
    await file.body.cancel().catch(() => {});
  }
  return {
    data: toImportRecord(b, deps.now()),
    fields: TEMPLATES[b.kind].map((f) => ({ name: f.name, required: f.required })),
    suggested_mapping: b.mapping ?? saved?.columns ?? suggestMapping(b.kind, b.header),
    mapping_saved: !b.mapping && saved !== undefined,
    sample,
  };
}

/**
 * Streams the upload to storage while hashing it and checking its bytes, then reads the header from the first
 * bytes. A file that is not a CSV (a NUL byte, fewer than two named columns) is deleted and refused with 422.
 */
export async function uploadImport(
  deps: Pick<Deps, "database" | "storage" | "now">,
  actor: Actor,
  input: { kind: ImportKind; file_name: string },
  body: ReadableStream<Uint8Array> | null,
) {
  if (!body) throw invalid("file", M.empty);
  const key = `imports/${crypto.randomUUID()}.csv`;
  const tap = await inspector();
  await deps.storage.put(key, body.pipeThrough(tap.stream), "text/csv");
  const seen = tap.result();
  if (seen.size === 0) {
    await deps.storage.delete(key);
    throw invalid("file", M.empty);
  }
  const encoding = seen.validUtf8 ? "utf-8" as const : "windows-1252" as const;
  const separator = sniffSeparator(decode(seen.head, encoding));
  const { header } = await headOf(seen.head, encoding, separator, 0);
  if (!looksLikeCsv(seen, header)) {
    await deps.storage.delete(key);
    throw invalid("file", NOT_CSV);
  }
  const batch = await deps.database.db.transaction().execute(async (trx) => {
    const b = await insertBatch(trx, {
      kind: input.kind,
      file_name: input.file_name,
      file_sha256: seen.sha256,
      byte_size: seen.size,
      storage_key: key,
      encoding,
      separator,
      header,
      created_by_user_id: actor.user.user_id,
      created_at: deps.now(),
    });
    await audit(trx, {
      actor: actor.user.user_id,
      action: "import.upload",
      entity: "import",
      entityId: b.id,
      detail: { kind: b.kind, file_name: b.file_name, file_sha256: b.file_sha256, bytes: seen.size },
      ip: actor.ip,
    });
    return b;
  });
  return await withMapping(deps, batch);
}

export async function showImport(deps: Pick<Deps, "database" | "storage" | "now">, id: number) {
  const b = await findBatch(deps.database.db, id);
  if (!b) throw notFound("Import");
  return await withMapping(deps, b);
}

export async function importList(deps: Pick<Deps, "database" | "now">) {
  return { data: (await listBatches(deps.database.db, 100)).map((b) => toImportRecord(b, deps.now())) };
}

/** Saves the mapping (for this header shape too) and queues the dry run. */
export async function checkImport(
  deps: Pick<Deps, "database" | "now">,
  actor: Actor,
  id: number,
  input: z.infer<typeof CheckBody>,
) {
  return await deps.database.db.transaction().execute(async (trx) => {
    const b = await lockBatch(trx, id);
    if (!b) throw notFound("Import");
    if (!["uploaded", "checked", "failed"].includes(b.status) || b.apply_started_at) {
      throw new AppError("CONFLICT", M.notUploaded);
    }
    const mapping: Record<string, number> = {};
    const used = new Set<number>();
    for (const field of TEMPLATES[b.kind]) {
      const at = input.mapping[field.name];
      if (at === undefined) {
        if (field.required) throw invalid(`mapping.${field.name}`, M.mappingRequired(field.name));
        continue;
      }
      if (at >= b.header.length) throw invalid(`mapping.${field.name}`, M.mappingOutside);
      if (used.has(at)) throw invalid(`mapping.${field.name}`, M.mappingTwice);
      used.add(at);
      mapping[field.name] = at;
    }
    const now = deps.now();
    const run = b.runs + 1;
    await updateBatch(trx, id, {
      status: "checking",
      mapping,
      date_format: input.date_format,
      phone_format: input.phone_format,
      runs: run,
      rows_checked: 0,
      error: null,
    });
    await saveMapping(trx, {
      kind: b.kind,
      header_shape: await headerShape(b.kind, b.header),
      columns: mapping,
      date_format: input.date_format,
      phone_format: input.phone_format,
      updated_by_user_id: actor.user.user_id,
      updated_at: now,
    });
    await enqueue(trx, CHECK_QUEUE, { batch_id: id, run }, {
      runAt: now,
      uniqueKey: `import-${id}-check-${run}`,
    });
    await audit(trx, {
      actor: actor.user.user_id,
      action: "import.check",
      entity: "import",
      entityId: id,
      detail: { mapping, date_format: input.date_format, phone_format: input.phone_format },
      ip: actor.ip,
    });
    return toImportRecord((await findBatch(trx, id))!, now);
  });
}

export async function applyImport(deps: Pick<Deps, "database" | "now">, actor: Actor, id: number) {
  return await deps.database.db.transaction().execute(async (trx) => {
    const b = await lockBatch(trx, id);
    if (!b) throw notFound("Import");
    // A failed apply is applied again from its first row left (the rows done stay done).
    const resume = b.status === "failed" && b.apply_started_at !== null;
    if (b.status !== "checked" && !resume) throw new AppError("CONFLICT", M.notChecked);
    const now = deps.now();
    const run = b.runs + 1;
    await updateBatch(trx, id, {
      status: "applying",
      applied_by_user_id: actor.user.user_id,
      apply_started_at: resume ? b.apply_started_at : now,
      runs: run,
      error: null,
    });
    await enqueue(trx, APPLY_QUEUE, { batch_id: id }, {
      runAt: now,
      uniqueKey: `import-${id}-apply-${run}`,
      maxAttempts: 10,
    });
    await audit(trx, {
      actor: actor.user.user_id,
      action: "import.apply",
      entity: "import",
      entityId: id,
      detail: { kind: b.kind, file_name: b.file_name, file_sha256: b.file_sha256, rows: b.rows_total },
      ip: actor.ip,
    });
    return toImportRecord((await findBatch(trx, id))!, now);
  });
}

export async function importRows(deps: Pick<Deps, "database">, id: number, q: z.infer<typeof RowsQuery>) {
  if (!await findBatch(deps.database.db, id)) throw notFound("Import");
  const { rows, meta } = await rowsPaged(deps.database.db, id, q);
  return {
    meta,
    data: rows.map((r) => ({
      row_number: r.row_number,
      key: r.natural_key,
      cells: r.raw,
      outcome: r.outcome,
      reason: r.reason,
      warnings: r.warnings ?? [],
      applied_outcome: r.applied_outcome,
      target_id: r.target_id,
    })),
  };
}

/** The error rows as CSV: the row number and reason, then the original row's cells under its header. */
export async function errorsFile(deps: Pick<Deps, "database">, actor: Actor, id: number) {
  const b = await findBatch(deps.database.db, id);
  if (!b) throw notFound("Import");
  await audit(deps.database.db, {
    actor: actor.user.user_id,
    action: "import.errors_download",
    entity: "import",
    entityId: id,
    ip: actor.ip,
  });
  const db = deps.database.db;
  let after = 0;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(new TextEncoder().encode("\uFEFF" + csvRow(["row", "reason", ...b.header])));
    },
    async pull(c) {
      const rows = await rowsPage(db, id, { outcome: "error", after, limit: 1000 });
      if (rows.length === 0) return c.close();
      after = rows[rows.length - 1].row_number;
      c.enqueue(new TextEncoder().encode(
        rows.map((r) => csvRow([String(r.row_number), r.reason, ...r.raw])).join(""),
      ));
    },
  });
  return { body, filename: `import-${id}-errors.csv` };
}

const TARGET = {
  companies: "business",
  members: "user",
  memberships: "membership",
  drug_tests: "drug test",
  store_orders: "order",
};

/**
 * Undoes an applied batch in one transaction, when nothing it wrote changed since and nothing made since
 * refers to what it created; otherwise 409 naming the blocking records, and nothing undone.
 */
export async function rollbackImport(deps: Pick<Deps, "database" | "now">, actor: Actor, id: number) {
  return await deps.database.db.transaction().execute(async (trx) => {
    const b = await lockBatch(trx, id);
    if (!b) throw notFound("Import");
    if (b.status !== "applied") throw new AppError("CONFLICT", M.notApplied);
    const rows = await appliedRows(trx, id);
    const blockers: { path: string; message: string }[] = [];
    for (const r of rows) {
      const stamp = await currentStamp(trx, b.kind, r.target_id!);
      const what = `${TARGET[b.kind]} ${r.target_id}`;
      if (stamp === null) {
        blockers.push({ path: `row ${r.row_number}`, message: `${what} was deleted since` });
      } else if (r.stamp && new Date(stamp).getTime() !== new Date(r.stamp).getTime()) {
        blockers.push({ path: `row ${r.row_number}`, message: `${what} was changed since` });
      } else if (r.applied_outcome === "create") {
        const links = r.extra?.link_id ? [Number(r.extra.link_id)] : [];
        const dep = b.kind === "members"
          ? await userDependents(trx, r.target_id!, links)
          : b.kind === "companies"
          ? await businessDependents(trx, r.target_id!, links)
          : b.kind === "store_orders"
          ? await storeOrderDependents(trx, r.target_id!)
          : null;
        if (dep) blockers.push({ path: `row ${r.row_number}`, message: `${what} has a ${dep} made since` });
      }
    }
    if (blockers.length) throw new AppError("CONFLICT", M.rollbackBlocked, blockers.slice(0, 100));
    for (const r of rows) await undo(trx, b.kind, r);
    const now = deps.now();
    await updateBatch(trx, id, {
      status: "rolled_back",
      rolled_back_at: now,
      rolled_back_by_user_id: actor.user.user_id,
    });
    await audit(trx, {
      actor: actor.user.user_id,
      action: "import.rollback",
      entity: "import",
      entityId: id,
      detail: { kind: b.kind, file_name: b.file_name, records: rows.length },
      ip: actor.ip,
    });
    return toImportRecord((await findBatch(trx, id))!, now);
  });
}

type Applied = Awaited<ReturnType<typeof appliedRows>>[number];

async function undo(trx: Kysely<DB>, kind: ImportKind, r: Applied) {
  const id = r.target_id!;
  const extra = (r.extra ?? {}) as JsonObject;
  const before = (r.before ?? {}) as JsonObject;
  if (extra.link_id) await deleteImportedLink(trx, Number(extra.link_id));
  if (kind === "members") {
    if (r.applied_outcome === "create") await deleteImportedUser(trx, id);
    else await updateImportedUser(trx, id, before);
  } else if (kind === "companies") {
    if (r.applied_outcome === "create") await deleteImportedBusiness(trx, id);
    else await updateImportedBusiness(trx, id, before);
    if (extra.der_created) await deleteImportedUser(trx, Number(extra.der_created));
    if (extra.der_flagged) await updateImportedUser(trx, Number(extra.der_flagged), { is_der: false });
  } else if (kind === "drug_tests") {
    if (r.applied_outcome === "create") await deleteImportedTest(trx, id);
    else await updateImportedTest(trx, id, before);
  } else if (kind === "store_orders") {
    await undoStoreOrder(trx, r.applied_outcome === "create", id, before);
  } else {
    if (r.applied_outcome === "create") await deleteImportedMembership(trx, id);
    else await updateImportedMembership(trx, id, before);
    if (extra.order_id) await deleteImportedOrder(trx, Number(extra.order_id));
    if (extra.order_id_updated) {
      const day = extra.order_paid_before as string | null;
      await updateImportedOrder(trx, Number(extra.order_id_updated), {
        manual_charge_date: day,
        completed_at: day === null ? null : `${day}T12:00:00.000Z`,
      });
    }
  }
}

/**
 * Queues the "claim your account" e-mails of the people the batch created and not yet sent one (the job
 * `imports.claim` sends them, a password-set link through the reset path); the batch shows how many of how many
 * went. Once per person: a second press queues nobody already sent to, and none while a sending is under way.
 */
export async function sendClaimMails(deps: Pick<Deps, "database" | "now">, actor: Actor, id: number) {
  return await deps.database.db.transaction().execute(async (trx) => {
    const b = await lockBatch(trx, id);
    if (!b) throw notFound("Import");
    if (b.status !== "applied") throw new AppError("CONFLICT", M.notAppliedClaim);
    if (b.claim_total > b.claim_sent_count) throw new AppError("CONFLICT", M.claimRunning);
    const queued = await countClaimPending(trx, id, b.kind);
    const now = deps.now();
    const total = b.claim_sent_count + queued;
    await updateBatch(trx, id, {
      claim_sent_at: now,
      claim_sent_by_user_id: actor.user.user_id,
      claim_total: total,
    });
    if (queued > 0) {
      await enqueue(trx, CLAIM_QUEUE, { batch_id: id, actor: actor.user.user_id, ip: actor.ip }, {
        runAt: now,
        uniqueKey: `import-${id}-claim-${total}`,
        maxAttempts: 10,
      });
    }
    await audit(trx, {
      actor: actor.user.user_id,
      action: "import.claim",
      entity: "import",
      entityId: id,
      detail: { queued },
      ip: actor.ip,
    });
    return { message: M.claimQueued(queued), data: toImportRecord((await findBatch(trx, id))!, now) };
  });
}

/** Everything of a kind in its import template, streamed; the download is audited first. */
export async function exportTemplate(deps: Pick<Deps, "database">, actor: Actor, kind: ImportKind) {
  await audit(deps.database.db, {
    actor: actor.user.user_id,
    action: "import.export",
    entity: "import",
    entityId: null,
    detail: { kind },
    ip: actor.ip,
  });
  return { body: exportStream(deps.database.db, kind), filename: `${kind}.csv` };
}
