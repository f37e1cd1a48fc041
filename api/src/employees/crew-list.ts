/**
 * A DER's crew list (issue 36 item 2, decision 0086): the preview says, row by row, whom each row means (an APCA
 * member matched by e-mail, else by name with the last four SSN digits), who would be invited as new, and what
 * cannot be used and why; the submit files the usable rows as employee requests in one transaction, under one
 * card for the office (an EMPLOYEE_REQUEST_BATCH notification). The rules are Add Employee's: its schema and
 * messages for each row, its company checks (active, set up in i3), one open request per person.
 */
import type { Kysely } from "kysely";
import type { z } from "zod";
import { ownedBusiness } from "../businesses/service.ts";
import type { DB } from "../db/types.ts";
import { audit } from "../lib/audit.ts";
import type { Actor, Deps, SessionUser } from "../lib/context.ts";
import { AppError, type Issue } from "../lib/errors.ts";
import { notify } from "../notifications/notify.ts";
import { type CrewCells, type CrewLine, decodeCrewBytes, readCrewList } from "./crew-csv.ts";
import { CREW_MESSAGES as C, type CrewRowRecord, type CrewSubmitBody } from "./crew-schemas.ts";
import {
  crewMatch,
  findRequestBatch,
  insertEmployeeRequest,
  insertRequestBatch,
  isLinked,
  openRequestFor,
  ownerNames,
  setBatchNotification,
} from "./queries.ts";
import { EMPLOYEE_MESSAGES as M, EmployeeRequestBody } from "./schemas.ts";

/** A crew list row's fields: Add Employee's, in its order (the same schema checks them). */
const FIELDS = Object.keys(EmployeeRequestBody.shape) as (keyof typeof EmployeeRequestBody.shape)[];

/** The company checks of Add Employee, for its DER (administrators are not held by them). */
async function companyFor(db: Kysely<DB>, user: SessionUser, businessId: number) {
  const business = await ownedBusiness(db, user, businessId);
  if (!user.is_admin) {
    if (!business.is_active) throw new AppError("CONFLICT", business.deactivation_reason ?? M.inactive);
    if (!business.is_individual && !business.is_i3_setup) throw new AppError("CONFLICT", M.notInI3);
  }
  return business;
}

const fieldsOf = (cells: CrewCells) =>
  Object.fromEntries(FIELDS.map((f) => [f, cells[f]?.trim() || null])) as CrewRowRecord["fields"];

/**
 * Each line's verdict: Add Employee's schema first, then the list's own rules (a person listed twice, already
 * an employee, already requested, a new person without an e-mail).
 */
async function judge(db: Kysely<DB>, businessId: number, lines: CrewLine[]): Promise<CrewRowRecord[]> {
  const seenEmail = new Map<string, number>();
  const seenName = new Map<string, number>();
  const rows: CrewRowRecord[] = [];
  for (const line of lines) {
    const fields = fieldsOf(line.cells);
    const parsed = EmployeeRequestBody.safeParse(
      Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v ?? undefined])),
    );
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
      rows.push({ row: line.row, status: "error", fields, match: null, issues });
      continue;
    }
    const person = parsed.data;
    const emailKey = person.email?.toLowerCase() ?? null;
    const nameKey = `${person.first_name.toLowerCase()}\u0000${person.last_name.toLowerCase()}`;
    const earlier = (emailKey && seenEmail.get(emailKey)) || seenName.get(nameKey);
    if (emailKey && !seenEmail.has(emailKey)) seenEmail.set(emailKey, line.row);
    if (!seenName.has(nameKey)) seenName.set(nameKey, line.row);
    const error = (path: string, message: string): CrewRowRecord => ({
      row: line.row,
      status: "error",
      fields,
      match: null,
      issues: [{ path, message }],
    });
    if (earlier) {
      rows.push(error("row", C.listedTwice(earlier)));
      continue;
    }
    const found = await crewMatch(db, { ...person, ssn: person.ssn ?? null });
    const match = found && {
      user_id: found.id,
      name: `${found.first_name} ${found.last_name}`,
      member_number: found.member_number,
      matched_by: found.matched_by,
    };
    if (found && await isLinked(db, businessId, found.id)) rows.push(error("row", C.alreadyEmployee));
    else if (await openRequestFor(db, businessId, person)) rows.push(error("row", M.alreadyRequested));
    else if (!found && !person.email) rows.push(error("email", C.emailToInvite));
    else rows.push({ row: line.row, status: found ? "existing" : "new", fields, match, issues: [] });
  }
  return rows;
}

const counted = (rows: CrewRowRecord[], fileName: string | null) => ({
  data: rows,
  meta: {
    file_name: fileName,
    existing: rows.filter((r) => r.status === "existing").length,
    new: rows.filter((r) => r.status === "new").length,
    error: rows.filter((r) => r.status === "error").length,
  },
});

/** The preview of an uploaded file (bytes, any of the encodings crew-csv.ts reads) or a pasted list. */
export async function previewCrewList(
  deps: Pick<Deps, "database">,
  viewer: SessionUser,
  businessId: number,
  input: { bytes: Uint8Array; fileName: string | null } | { text: string },
) {
  const { db } = deps.database;
  await companyFor(db, viewer, businessId);
  const text = "bytes" in input ? decodeCrewBytes(input.bytes) : input.text;
  const rows = await judge(db, businessId, readCrewList(text));
  return counted(rows, "fileName" in input ? input.fileName : null);
}

function batchRecord(b: NonNullable<Awaited<ReturnType<typeof findRequestBatch>>>) {
  return {
    id: b.id,
    type: "employee_request_batch" as const,
    attributes: {
      company_id: b.business_id,
      company_name: b.company_name,
      owner_name: b.owner_first ? `${b.owner_first} ${b.owner_last}` : null,
      file_name: b.file_name,
      request_count: b.request_count,
      notification_id: b.notification_id,
      created_at: new Date(b.created_at).toISOString(),
    },
  };
}
export type BatchRow = NonNullable<Awaited<ReturnType<typeof findRequestBatch>>>;
export { batchRecord };

/**
 * Files the rows as employee requests, all or none: every row is judged again as the preview did, and one
 * that cannot be used refuses the whole submit (422, each row's reason as `rows.<i>.<field>`). The same upload
 * (its upload_key) submitted again answers the batch it filed (`created: false`) and files nothing more.
 */
export async function submitCrewList(
  deps: Pick<Deps, "database" | "now">,
  actor: Actor,
  businessId: number,
  input: z.infer<typeof CrewSubmitBody>,
) {
  const { db } = deps.database;
  const { user } = actor;
  const business = await companyFor(db, user, businessId);
  const again = await findRequestBatch(db, { businessId, key: input.upload_key });
  if (again) return { batch: batchRecord(again), created: false };
  const lines: CrewLine[] = input.rows.map(({ row, ...person }) => ({
    row,
    cells: Object.fromEntries(
      Object.entries(person).filter(([, v]) => v != null).map(([k, v]) => [k, String(v)]),
    ),
  }));
  const judged = await judge(db, businessId, lines);
  const issues: Issue[] = judged.flatMap((r, i) =>
    r.issues.map((issue) => ({ path: `rows.${i}.${issue.path}`, message: `Row ${r.row}: ${issue.message}` }))
  );
  if (issues.length) {
    // The same upload, sent at the same moment, was filed while these rows were judged (so they are "already
    // requested" now): answer that batch.
    const filed = await findRequestBatch(db, { businessId, key: input.upload_key });
    if (filed) return { batch: batchRecord(filed), created: false };
    throw new AppError("VALIDATION_FAILED", C.notUsable, issues);
  }
  const owner = await ownerNames(db, user.user_id);
  const ownerName = `${owner.first_name} ${owner.last_name}`;
  const at = deps.now();
  const batchId = await db.transaction().execute(async (trx) => {
    const inserted = await insertRequestBatch(trx, {
      business_id: businessId,
      owner_user_id: user.user_id,
      upload_key: input.upload_key,
      file_name: input.file_name,
      request_count: judged.length,
      created_at: at,
    });
    // The same upload submitted at the same moment: the other submit filed it.
    if (!inserted) return null;
    const notificationId = await notify(trx, {
      type: "EMPLOYEE_REQUEST_BATCH",
      triggerUserId: user.user_id,
      businessId,
      at,
      meta: {
        company_id: businessId,
        company_name: business.name,
        owner_id: user.user_id,
        owner_name: ownerName,
        batch_id: inserted.id,
        request_count: judged.length,
        file_name: input.file_name,
      },
    });
    await setBatchNotification(trx, inserted.id, notificationId);
    for (const [i, { row: _row, ssn, ...person }] of input.rows.entries()) {
      const match = judged[i].match;
      await insertEmployeeRequest(trx, {
        ...person,
        middle_name: person.middle_name ?? null,
        ssn_last4: ssn ?? null,
        batch_id: inserted.id,
        business_id: businessId,
        owner_user_id: user.user_id,
        possible_exists: match !== null,
        possible_user_id: match?.user_id ?? null,
        created_at: at,
      });
    }
    await audit(trx, {
      actor: user.user_id,
      action: "business.upload_crew_list",
      entity: "employee_request_batch",
      entityId: inserted.id,
      detail: { business_id: businessId, request_count: judged.length, file_name: input.file_name },
      ip: actor.ip,
    });
    return inserted.id;
  });
  const batch = batchId === null
    ? await findRequestBatch(db, { businessId, key: input.upload_key })
    : await findRequestBatch(db, { id: batchId });
  return { batch: batchRecord(batch!), created: batchId !== null };
}
