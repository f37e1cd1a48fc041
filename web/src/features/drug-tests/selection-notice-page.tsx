/**
 * /app/account/selection-notice (issue 25 item 4, decision 0071): an independent mariner's random selection,
 * with the i3 order reference as text and as a QR code to show at the collection site. It opens offline (the
 * notice is saved on the device like the Letter of Compliance; the QR is drawn on the phone), and says so
 * once the test is collected or the selection withdrawn.
 */
import qrcode from "qrcode-generator";
import { Link } from "wouter";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { OfflineNotice } from "../../offline/offline-ui.tsx";
import { useCachedResource } from "../../offline/use-cached.ts";
import { fetchSelectionNotices, SELECTION_NOTICES_KEY, type SelectionNotice } from "./selection-notice.ts";
import { SelectionNoticeDetails } from "./selection-notice-parts.tsx";
import "./selection-notice.css";

export default function SelectionNoticePage() {
  const notices = useCachedResource(SELECTION_NOTICES_KEY, fetchSelectionNotices);
  return (
    <section aria-label="Random selection notice" className="narrow">
      <OfflineNotice savedAt={notices.savedAt} />
      {notices.loading
        ? <Skeleton lines={4} label="Loading your selection notice…" />
        : notices.error
        ? (
          <LoadError
            title="Your selection notice could not be loaded"
            error={notices.error}
            onRetry={notices.reload}
          />
        )
        : notices.data?.length
        ? notices.data.map((n) => <Notice key={n.id} notice={n} />)
        : (
          <>
            <p className="empty-state">No random selection is waiting for you.</p>
            <p>
              A selection notice shows here when you are selected, until your test is collected.{" "}
              <Link href="/app/account/tests">See your tests</Link>
            </p>
          </>
        )}
    </section>
  );
}

function Notice({ notice }: { notice: SelectionNotice }) {
  return (
    <article className="selection-notice" aria-label={`Selection notice ${notice.i3_order_ref ?? ""}`.trim()}>
      <SelectionNoticeDetails notice={notice} />
      {notice.i3_order_ref && <OrderQr reference={notice.i3_order_ref} />}
    </article>
  );
}

/** The order reference as a QR code, drawn on the device (no network needed), with the text beneath. */
function OrderQr({ reference }: { reference: string }) {
  const qr = qrcode(0, "M");
  qr.addData(reference);
  qr.make();
  const size = qr.getModuleCount() * 6 + 48;
  return (
    <figure className="selection-qr">
      <img
        src={qr.createDataURL(6, 24)}
        width={size}
        height={size}
        alt={`QR code of the i3 order reference ${reference}`}
        data-testid="order-qr"
      />
      <figcaption>Show this code at the collection site: {reference}</figcaption>
    </figure>
  );
}
