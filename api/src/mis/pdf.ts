/**
 * The MIS report as a one-page PDF (pdf-lib, standard fonts), laid out like the Appendix H form's drug
 * section: the employer (or the consortium), the year, the due date and each count on its own line. Pure:
 * the same report and day give the same document.
 */
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import { MIS_COLUMNS, type MisReport } from "./service.ts";

const NAVY = rgb(0.06, 0.18, 0.36);
const GREY = rgb(0.35, 0.35, 0.35);
const MARGIN = 64;
const PAGE: [number, number] = [612, 792]; // US Letter

/** The standard fonts speak WinAnsi only: anything else becomes '?' rather than failing the document. */
const printable = (text: string) => text.normalize("NFC").replace(/[^\x20-\x7E\xA0-\xFF]/g, "?");

export const misFilename = (year: number, businessId: number | null) =>
  businessId === null ? `mis-${year}-consortium.pdf` : `mis-${year}-business-${businessId}.pdf`;

export async function renderMisPdf(report: MisReport, generatedOn: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const who = report.business ? report.business.name : "APCA consortium (all employers)";
  pdf.setTitle(`MIS report ${report.year}: ${printable(who)}`);
  pdf.setAuthor("APCA");
  pdf.setCreationDate(new Date(`${generatedOn}T00:00:00Z`));
  pdf.setModificationDate(new Date(`${generatedOn}T00:00:00Z`));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage(PAGE);
  let y = PAGE[1] - MARGIN;
  const text = (s: string, x: number, size: number, font = regular, color = rgb(0, 0, 0)) =>
    page.drawText(printable(s), { x, y, size, font, color });

  text(
    "U.S. DOT Drug and Alcohol Testing MIS Data Collection Form (49 CFR 40 Appendix H)",
    MARGIN,
    9,
    bold,
    NAVY,
  );
  y -= 26;
  text(`MIS report ${report.year}: drug testing data`, MARGIN, 18, bold, NAVY);
  y -= 22;
  text(printable(who), MARGIN, 12, bold);
  y -= 16;
  text(
    `Calendar year ${report.year}. Agency: USCG (46 CFR 16.500). Due by ${report.due_date}. Generated ${generatedOn}.`,
    MARGIN,
    9,
    regular,
    GREY,
  );
  y -= 30;
  for (const [key, label] of MIS_COLUMNS) {
    text(label, MARGIN, 11);
    text(String(report.counts[key]), MARGIN + 300, 11, bold);
    y -= 6;
    page.drawLine({
      start: { x: MARGIN, y },
      end: { x: PAGE[0] - MARGIN, y },
      thickness: 0.4,
      color: GREY,
    });
    y -= 14;
  }
  y -= 10;
  text(
    "Test counts are results verified by the MRO during the year, by reason for the test.",
    MARGIN,
    9,
    regular,
    GREY,
  );
  y -= 12;
  text("A positive counts once for each drug found. Consortium C/TPA: APCA.", MARGIN, 9, regular, GREY);
  return await pdf.save();
}
