/**
 * The selection notice in words (issue 25 item 4): report by, the collection site and the i3 order reference,
 * and the way to the site finder. Shared by the dashboard's card and the notice's own page (which adds the QR
 * code to show at the site).
 */
import { Link } from "wouter";
import { formatDay } from "../../lib/dates.ts";
import { poolMonth, type SelectionNotice, siteFinderHref } from "./selection-notice.ts";

export function SelectionNoticeDetails({ notice }: { notice: SelectionNotice }) {
  return (
    <>
      <p>
        You have been selected for a DOT random drug test ({poolMonth(notice)}{" "}
        pool, 46 CFR 16.230). Report to a collection site <strong>immediately</strong>
        {notice.report_by && (
          <>
            {" "}and no later than <strong>{formatDay(notice.report_by)}</strong>
          </>
        )}.
      </p>
      <dl className="details-list">
        <div>
          <dt>Report by</dt>
          <dd>{notice.report_by ? formatDay(notice.report_by) : "As soon as you can"}</dd>
        </div>
        <div>
          <dt>Collection site</dt>
          <dd>
            {notice.collection_site_address ?? "Any collection site in the i3 network"}
            {notice.collection_site && (
              <span className="field-hint">i3 location {notice.collection_site}</span>
            )}
          </dd>
        </div>
        <div>
          <dt>i3 order reference</dt>
          <dd>
            <strong className="order-reference" data-testid="order-reference">
              {notice.i3_order_ref ?? "Not ordered yet"}
            </strong>
          </dd>
        </div>
      </dl>
      <p>
        <Link href={siteFinderHref(notice.zip)}>Find a collection site near you</Link>
      </p>
    </>
  );
}
