/**
 * An independent mariner's selection notice (issue 25 item 4, decision 0071). A mariner selected through
 * their own business is their own employer: no DER tells them, so the app does, once the pool is released
 * (46 CFR 16.230(g)), until the test is collected or the selection withdrawn (exempted, substituted, its test
 * cancelled). Only the member sees their own notice; nobody else's is there (404).
 */
import type { Deps, SessionUser } from "../lib/context.ts";
import { addDays, officeDay } from "../lib/dates.ts";
import { notFound } from "../lib/errors.ts";
import { memberSelections } from "./queries.ts";
import { nearestSite } from "./sites.ts";
import type { SelectionNotice } from "./schemas.ts";

type Row = Awaited<ReturnType<typeof memberSelections>>[number];

function noticeOf(r: Row, timeZone: string, siteAddress: string | null): SelectionNotice {
  const orderedOn = r.ordered_at ? officeDay(new Date(r.ordered_at), timeZone) : null;
  return {
    id: r.id,
    pool_id: r.pool_id,
    year: r.year,
    month: r.month,
    released_at: new Date(r.released_at!).toISOString(),
    i3_order_ref: r.i3_order_ref,
    collection_site: r.i3_location_code,
    // The address to go to, as the release e-mail gives it (issue 37), not only i3's location code.
    collection_site_address: siteAddress,
    ordered_on: orderedOn,
    // As the e-mail and the DER's notice say: immediately, and no later than the day after the order.
    report_by: orderedOn ? addDays(orderedOn, 1) : null,
    zip: r.postal_code,
  };
}

/** The signed-in member's open selection notices, newest first (usually none, at most one a pool). */
export async function selectionNoticesOf(
  deps: Pick<Deps, "database" | "config" | "i3">,
  viewer: SessionUser,
): Promise<SelectionNotice[]> {
  const rows = await memberSelections(deps.database.db, viewer.user_id);
  const site = rows.length ? await nearestSite(deps, rows[0].postal_code) : null;
  return rows.map((r) => noticeOf(r, deps.config.officeTimeZone, site));
}

/** One of the member's open notices; 404 for another's, a withdrawn one, or one whose test was collected. */
export async function selectionNoticeOf(
  deps: Pick<Deps, "database" | "config" | "i3">,
  viewer: SessionUser,
  id: number,
): Promise<SelectionNotice> {
  const notice = (await selectionNoticesOf(deps, viewer)).find((n) => n.id === id);
  if (!notice) throw notFound("Selection notice");
  return notice;
}
