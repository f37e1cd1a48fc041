/**
 * The candidate PDFs (the notification a DER hands to the selected mariner: who, where to go, by when, the
 * collection site and the i3 order reference), made by the `randoms.pdfs` job once the tests are ordered. One
 * candidate at a time, each written with the ready count in one transaction under the candidate's lock, so a
 * crash or a second job never makes a PDF twice; the pool reads 'Ready' when every selected candidate has one.
 */
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import { storeRandomNotice } from "../documents/store.ts";
import { addDays, officeDay } from "../lib/dates.ts";
import {
  attachPoolPdf,
  findCandidate,
  lockPool,
  pdfFacts,
  selectedCandidates,
  updatePool,
} from "./queries.ts";
import type { PoolDeps } from "./service.ts";

/** PDFs written per transaction. */
export const PDF_CHUNK = 25;

const NAVY = rgb(0.06, 0.18, 0.36);
const GREY = rgb(0.35, 0.35, 0.35);
const printable = (text: string) => text.normalize("NFC").replace(/[^\x20-\x7E\xA0-\xFF]/g, "?");

export interface NoticeInput {
  name: string;
  memberNumber: string | null;
  businessName: string | null;
  month: string;
  collectionSite: string | null;
  orderRef: string | null;
  orderedOn: string;
  reportBy: string;
}

export const noticeFilename = (poolId: number, candidateId: number) =>
  `random-${poolId}-candidate-${candidateId}.pdf`;

export async function renderNotice(n: NoticeInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Random drug test notice, ${n.month}`);
  doc.setAuthor("APCA");
  const when = new Date(`${n.orderedOn}T00:00:00Z`);
  doc.setCreationDate(when);
  doc.setModificationDate(when);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([612, 792]);
  let y = 730;
  const line = (text: string, size = 11, font = regular, color = rgb(0, 0, 0), gap = 18) => {
    page.drawText(printable(text), { x: 64, y, size, font, color });
    y -= gap;
  };
  line("APCA Consortium - Random Drug Test Notice", 10, bold, NAVY, 30);
  line(`Selected for a random drug test: ${n.month}`, 16, bold, NAVY, 30);
  line(`Mariner: ${n.name}`, 12, bold);
  line(`Member number: ${n.memberNumber ?? "-"}`);
  line(`Employer: ${n.businessName ?? "-"}`, 11, regular, rgb(0, 0, 0), 28);
  line("Where to go", 12, bold, NAVY);
  line(`Collection site (i3 location): ${n.collectionSite ?? "-"}`);
  line(`i3 order reference: ${n.orderRef ?? "-"}`, 11, regular, rgb(0, 0, 0), 28);
  line("By when", 12, bold, NAVY);
  line("Proceed to the collection site immediately after you receive this notice,");
  line(`and no later than ${n.reportBy}. Bring a photo ID.`, 11, regular, rgb(0, 0, 0), 28);
  line(`Ordered ${n.orderedOn}. Selected by the consortium's random draw (46 CFR 16.230).`, 9, regular, GREY);
  line("Confidential: hand to the mariner only (49 CFR 40.321).", 9, regular, GREY);
  return await doc.save({ useObjectStreams: false });
}

/** The PDF job: one PDF per selected, not exempt candidate whose test is placed and has none yet, then 'Ready'. */
export async function runPdfs(deps: PoolDeps, poolId: number): Promise<void> {
  const { db } = deps.database;
  const pool = await lockPool(db, poolId);
  if (!pool) return;
  const month = new Date(Date.UTC(pool.year, pool.month - 1, 15))
    .toLocaleString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
  // A notice names the i3 order: only a test placed at i3 gets one (a blocked candidate's comes once ordered).
  const todo = (await selectedCandidates(db, poolId)).filter((c) =>
    c.pdf_document_id === null && c.test_status !== null &&
    ["ordered", "collected", "resulted"].includes(c.test_status)
  );
  // A chunk per transaction: one commit per PDF would cost more than making the PDF.
  for (let i = 0; i < todo.length; i += PDF_CHUNK) {
    const made: { candidateId: number; bytes: Uint8Array }[] = [];
    for (const c of todo.slice(i, i + PDF_CHUNK)) {
      const f = await pdfFacts(db, c.id);
      const orderedOn = officeDay(f.ordered_at ?? deps.now(), deps.config.officeTimeZone);
      made.push({
        candidateId: c.id,
        bytes: await renderNotice({
          name: `${f.first_name} ${f.last_name}`,
          memberNumber: f.member_number,
          businessName: f.business_name,
          month,
          collectionSite: f.i3_location_code,
          orderRef: f.i3_order_ref,
          orderedOn,
          reportBy: addDays(orderedOn, 1),
        }),
      });
    }
    await db.transaction().execute(async (trx) => {
      for (const { candidateId, bytes } of made) {
        const locked = await findCandidate(trx, poolId, candidateId, true);
        if (!locked || locked.pdf_document_id !== null) continue;
        const documentId = await storeRandomNotice(trx, {
          poolId,
          filename: noticeFilename(poolId, candidateId),
          bytes,
        });
        await attachPoolPdf(trx, { poolId, candidateId, documentId });
      }
    });
  }
  await updatePool(db, poolId, { pdf_status: "ready" });
}
