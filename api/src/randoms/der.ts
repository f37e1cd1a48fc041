/**
 * A DER's view of its own company's random selections (docs/decisions/0033-random-pools.md; 46 CFR 16.230(g),
 * 49 CFR 40.321): only pools an administrator has released, only candidates drawn through this company who are
 * (or were) its business users, and of their tests only what the company's Business Tests list shows (status and
 * outcome, never the laboratory detail), with where to go and by when, as on the candidate's notice.
 */
import type { Kysely } from "kysely";
import type { DB } from "../db/types.ts";
import { isPassing } from "../integrations/i3/i3.ts";
import { addDays, officeDay } from "../lib/dates.ts";
import type { ListParams } from "../lib/list.ts";
import { ownedBusiness } from "../businesses/service.ts";
import { audit, auditMemberViews, MEMBER_VIEW_ACTIONS } from "../lib/audit.ts";
import type { Deps, SessionUser } from "../lib/context.ts";
import { notFound } from "../lib/errors.ts";
import { derSelectionRows, documentBytes, findDerSelection } from "./queries.ts";
import type { DerSelection } from "./schemas.ts";

/** One page of the company's released selections, newest pool first. */
export async function listDerSelections(
  db: Kysely<DB>,
  businessId: number,
  params: ListParams,
  timeZone: string,
) {
  const { rows, meta } = await derSelectionRows(db, businessId, params);
  return { data: rows.map((r) => selectionRecord(r, timeZone)), meta };
}

type Row = NonNullable<Awaited<ReturnType<typeof findDerSelection>>>;

function selectionRecord(r: Row, timeZone: string): DerSelection {
  const orderedOn = r.ordered_at ? officeDay(new Date(r.ordered_at), timeZone) : null;
  return {
    id: r.id,
    pool_id: r.pool_id,
    year: r.year,
    month: r.month,
    released_at: new Date(r.released_at!).toISOString(),
    user_id: r.user_id,
    name: `${r.first_name} ${r.last_name}`,
    member_number: r.member_number,
    exempt: r.exempt,
    left_company: Boolean(r.left_company),
    test: r.exempt || !r.test_status ? null : {
      status: r.test_status,
      result: r.test_result,
      passed: isPassing(r.test_result),
      i3_order_ref: r.i3_order_ref,
      collection_site: r.i3_location_code,
      ordered_on: orderedOn,
      // As the notice says: immediately, and no later than the day after the order.
      report_by: orderedOn ? addDays(orderedOn, 1) : null,
    },
    pdf_ready: !r.exempt && r.pdf_document_id !== null,
  };
}

/** The company's released selections for its owner (its DER) or an administrator (403/404 otherwise). */
export async function derSelectionsOf(
  deps: Pick<Deps, "database" | "config">,
  viewer: SessionUser,
  businessId: number,
  params: ListParams,
) {
  const { db } = deps.database;
  await ownedBusiness(db, viewer, businessId);
  const page = await listDerSelections(db, businessId, params, deps.config.officeTimeZone);
  // A selection's test (status and outcome) shown is a look at the member's tests (decision 0093).
  await auditMemberViews(db, viewer, {
    action: MEMBER_VIEW_ACTIONS.testsView,
    members: page.data.filter((s) => s.test !== null).map((s) => s.user_id),
    businessId,
    detail: { via: "random_selections" },
  });
  return page;
}

/**
 * The notice PDF of one of the company's released selections, for its owner or an administrator; the download
 * is audited. 404 without the selection, for an exempt one, or without a PDF.
 */
export async function derSelectionPdf(
  deps: Pick<Deps, "database">,
  viewer: SessionUser,
  ip: string | null,
  businessId: number,
  candidateId: number,
) {
  const { db } = deps.database;
  await ownedBusiness(db, viewer, businessId);
  const selection = await findDerSelection(db, businessId, candidateId);
  const doc = selection && !selection.exempt && selection.pdf_document_id
    ? await documentBytes(db, selection.pdf_document_id)
    : undefined;
  if (!doc) throw notFound("PDF");
  await audit(db, {
    actor: viewer.user_id,
    action: "random_pool.download",
    entity: "random_pool",
    entityId: selection!.pool_id,
    detail: { candidate_id: candidateId, business_id: businessId },
    ip,
  });
  await auditMemberViews(db, viewer, {
    action: MEMBER_VIEW_ACTIONS.noticeDownload,
    members: [selection!.user_id],
    businessId,
    detail: { pool_id: selection!.pool_id, candidate_id: candidateId },
  });
  return doc;
}
