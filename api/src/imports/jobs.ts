/**
 * The import's two jobs (decision 0084, the job queue of decision 0009).
 *
 * `imports.check` (the dry run) reads the stored file as a stream, stages every row in `import_rows` with its
 * verdict, and writes nothing else; run again, it starts over (its staging rows are replaced).
 *
 * `imports.apply` walks the staged rows not yet applied, IMPORT_CHUNK per transaction: each chunk is decided
 * again against the database, written set-based through the owning domains (decision 0089), marked applied and
 * counted in `rows_done` in the same transaction, so a job that dies half-way is claimed again and resumes at the first row left,
 * never doing one twice.
 */
import type { Kysely } from "kysely";
import type { DB } from "../db/types.ts";
import { audit } from "../lib/audit.ts";
import { mailResetLinkTo } from "../password-reset/service.ts";
import type { Deps } from "../lib/context.ts";
import type { JobHandler } from "../lib/jobs.ts";
import { records } from "./csv.ts";
import { type ChunkRow, decide, seenBefore, write } from "./engine.ts";
import { type DateFormat, parseRow, type PhoneFormat } from "./fields.ts";
import {
  advanceDone,
  claimPending,
  countOutcomes,
  deleteRows,
  findBatch,
  importTransaction,
  insertRows,
  markClaimSent,
  pendingRows,
  setRowsApplied,
  stampRows,
  updateBatch,
} from "./queries.ts";

export const CHECK_QUEUE = "imports.check";
export const APPLY_QUEUE = "imports.apply";
export const CLAIM_QUEUE = "imports.claim";
/** People looked up per page by the claim job. */
const CLAIM_PAGE = 200;
/** Rows staged per insert in the dry run. */
export const CHECK_CHUNK = 5000;
/** Rows applied per transaction (decision 0089). */
export const IMPORT_CHUNK = 5000;
/** Staging rows stamped per statement once the apply is done. */
const STAMP_PAGE = 20_000;

type Batch = NonNullable<Awaited<ReturnType<typeof findBatch>>>;
type Staged = Parameters<typeof insertRows>[1][number];

const message = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split("\n")[0].slice(0, 500);

export const checkImport: JobHandler<Deps> = async (payload, { deps }) => {
  const { db } = deps.database;
  const id = Number(payload.batch_id), run = Number(payload.run);
  const batch = await findBatch(db, id);
  if (!batch || batch.status !== "checking" || batch.runs !== run) return;
  try {
    await dryRun(deps, batch);
  } catch (error) {
    await updateBatch(db, id, { status: "failed", error: message(error) });
    deps.log({ level: "warn", event: "import_check_failed", batch: id, error: message(error) });
  }
};

async function dryRun(deps: Deps, batch: Batch) {
  const { db } = deps.database;
  await deleteRows(db, batch.id);
  const file = await deps.storage.get(batch.storage_key);
  if (!file) throw new Error("The uploaded file is gone; upload it again.");
  const formats = { date: batch.date_format as DateFormat, phone: batch.phone_format as PhoneFormat };
  const mapping = batch.mapping!;
  type Read = { number: number; staged: Staged; row: ChunkRow | null };
  let chunk: Read[] = [];
  let total = 0;
  /** Decides and stages a chunk; it runs while the next chunk is read, one chunk at a time. */
  const flush = async (chunk: Read[], checked: number) => {
    const rows = chunk.filter((c) => c.row !== null);
    const read = rows.map((c) => c.row!);
    await db.transaction().execute(async (trx) => {
      await importTransaction(trx);
      const verdicts = await decide(trx, batch.kind, read, await seenBefore(trx, batch.kind, batch.id, read));
      rows.forEach((c, i) => {
        c.staged.outcome = verdicts[i].outcome;
        c.staged.reason = verdicts[i].reason;
      });
      await insertRows(trx, chunk.map((c) => c.staged));
      await updateBatch(trx, batch.id, { rows_checked: checked });
    });
  };
  // The chunk before is still being staged while this one is read; a chunk is decided only once the one
  // before it is staged, so `seenBefore` sees every row before it.
  let staging: Promise<void> = Promise.resolve();
  const next = async () => {
    await staging;
    staging = flush(chunk, total);
    staging.catch(() => {}); // awaited at the next chunk or the end
    chunk = [];
  };
  try {
    for await (const record of records(file.body, batch.encoding, batch.separator)) {
      if (record.number === 1) continue;
      total++;
      const parsed = parseRow(batch.kind, record.cells, mapping, formats);
      const staged: Staged = {
        batch_id: batch.id,
        row_number: record.number,
        natural_key: parsed.key,
        raw: parsed.raw,
        data: parsed.error ? null : parsed.data,
        outcome: parsed.error ? "error" : "create",
        reason: parsed.error,
        warnings: parsed.warnings.length ? parsed.warnings : null,
      };
      chunk.push({
        number: record.number,
        staged,
        row: parsed.error ? null : { number: record.number, data: parsed.data, key: parsed.key! },
      });
      if (chunk.length >= CHECK_CHUNK) await next();
    }
    await next();
  } finally {
    await staging.catch(() => {});
  }
  await staging;
  const counts = await countOutcomes(db, batch.id, "outcome");
  await updateBatch(db, batch.id, {
    status: "checked",
    rows_total: total,
    rows_checked: total,
    created: counts.create,
    updated: counts.update,
    unchanged: counts.unchanged,
    errors: counts.error,
    warnings: counts.warnings,
    checked_at: deps.now(),
    error: null,
  });
}

export const applyImport: JobHandler<Deps> = async (payload, { deps }) => {
  const { db } = deps.database;
  const id = Number(payload.batch_id);
  const batch = await findBatch(db, id);
  if (!batch || batch.status !== "applying") return;
  try {
    for (;;) {
      const done = await db.transaction().execute((trx) => applyChunk(trx, batch));
      if (done) break;
    }
  } catch (error) {
    // The chunk that failed was rolled back whole; Apply again resumes at its first row.
    await updateBatch(db, id, { status: "failed", error: message(error) });
    deps.log({ level: "warn", event: "import_apply_failed", batch: id, error: message(error) });
    return;
  }
  // Stamped once every chunk is in (a later chunk may move an earlier record: a term made current), page by page;
  // a crash here runs the job again, which finds no row left and stamps again.
  const last = (batch.rows_total ?? 0) + 1;
  for (let from = 2; from <= last; from += STAMP_PAGE) {
    await stampRows(db, id, batch.kind, from, Math.min(last, from + STAMP_PAGE - 1));
  }
  await db.transaction().execute(async (trx) => {
    const counts = await countOutcomes(trx, id, "applied_outcome");
    await updateBatch(trx, id, {
      status: "applied",
      applied_at: deps.now(),
      created: counts.create,
      updated: counts.update,
      unchanged: counts.unchanged,
      errors: counts.error,
    });
    await audit(trx, {
      actor: batch.applied_by_user_id,
      action: "import.applied",
      entity: "import",
      entityId: id,
      detail: { kind: batch.kind, file_name: batch.file_name, ...counts },
    });
  });
};

/**
 * Applies the next chunk of rows in its own transaction, set-based (decision 0089): the chunk is decided again
 * against the database in a few look-ups, its writes go out as one statement per table and shape of row, and
 * its staging rows are marked applied and `rows_done` advanced in the same transaction, so a crash between two
 * chunks resumes at the first row left. Answers true when no row was left.
 */
export async function applyChunk(trx: Kysely<DB>, batch: Batch, size = IMPORT_CHUNK): Promise<boolean> {
  await importTransaction(trx);
  const rows = await pendingRows(trx, batch.id, size);
  if (rows.length === 0) return true;
  const live = rows.filter((r) => r.outcome !== "error" && r.data);
  const verdicts = await decide(
    trx,
    batch.kind,
    live.map((r) => ({ number: r.row_number, data: r.data as ChunkRow["data"], key: r.natural_key! })),
    null,
  );
  const planned = verdicts.flatMap((v, i) => v.plan === undefined ? [] : [{ number: live[i].row_number, v }]);
  const written = await write(trx, batch.kind, planned.map((p) => p.v.plan));
  const byNumber = new Map(live.map((r, i) => [r.row_number, verdicts[i]]));
  const writtenOf = new Map(planned.map((p, i) => [p.number, written[i]]));
  await setRowsApplied(
    trx,
    batch.id,
    rows.map((r) => {
      const verdict = byNumber.get(r.row_number);
      return {
        row_number: r.row_number,
        applied_outcome: verdict?.outcome ?? "error",
        reason: verdict?.reason ?? null,
        ...writtenOf.get(r.row_number),
      };
    }),
  );
  await advanceDone(trx, batch.id, rows.length);
  return false;
}

/**
 * `imports.claim`: mails each person the batch created (and was not mailed yet) a password-set link through
 * the reset path, one at a time, each marked sent and counted on the batch (`claim_sent_count` of
 * `claim_total`) as it goes, so the screen shows the progress and a job that dies resumes with those left.
 * At the end the total is set to what went (a person deleted meanwhile is not waited for) and audited.
 */
export const sendClaims: JobHandler<Deps> = async (payload, { deps }) => {
  const { db } = deps.database;
  const id = Number(payload.batch_id);
  const actor = Number(payload.actor);
  const ip = typeof payload.ip === "string" ? payload.ip : null;
  const batch = await findBatch(db, id);
  if (!batch || batch.status !== "applied") return;
  let after = 0, sent = 0;
  for (;;) {
    const people = await claimPending(db, id, batch.kind, after, CLAIM_PAGE);
    if (people.length === 0) break;
    for (const person of people) {
      await mailResetLinkTo(deps, person, actor, ip);
      await db.transaction().execute((trx) => markClaimSent(trx, id, person.row_number, deps.now()));
      sent++;
    }
    after = people[people.length - 1].row_number;
  }
  await db.transaction().execute(async (trx) => {
    const now = (await findBatch(trx, id))!;
    await updateBatch(trx, id, { claim_total: now.claim_sent_count });
    await audit(trx, {
      actor,
      action: "import.claimed",
      entity: "import",
      entityId: id,
      detail: { sent, total: now.claim_sent_count },
      ip,
    });
  });
};
