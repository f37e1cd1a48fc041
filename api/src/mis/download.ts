/** The MIS report's PDF download: rendered, then audited, as the admin route answers it (decision 0052). */
import { audit } from "../lib/audit.ts";
import type { Actor, Deps } from "../lib/context.ts";
import { officeDay } from "../lib/dates.ts";
import { misFilename, renderMisPdf } from "./pdf.ts";
import { misReport } from "./service.ts";

export async function misPdfDownload(
  deps: Pick<Deps, "database" | "config" | "now">,
  actor: Actor,
  year: number,
  businessId: number | null,
) {
  const report = await misReport(deps.database.db, deps.config.officeTimeZone, year, businessId);
  const bytes = await renderMisPdf(report, officeDay(deps.now(), deps.config.officeTimeZone));
  await audit(deps.database.db, {
    actor: actor.user.user_id,
    action: "mis.download",
    entity: "mis_report",
    entityId: year,
    detail: { business_id: businessId },
    ip: actor.ip,
  });
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${misFilename(year, businessId)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
