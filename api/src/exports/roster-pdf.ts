/**
 * The business roster as a PDF (admin spec §2 "a business roster can be downloaded as a document"): the
 * company, its DER, its employees with member number, USCG credential and membership, and its vessels. What
 * an auditor or the Coast Guard asks for when checking who is covered (pdf-lib, standard fonts, nothing
 * fetched, the Letter of Compliance's style). Pure: the same inputs give the same file. No test results are
 * printed (49 CFR 40.321).
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { printable } from "../lib/pdf-text.ts";

export interface RosterInput {
  business: {
    name: string;
    dba_name: string | null;
    tax_id: string | null;
    address: string;
    phone: string | null;
    email: string | null;
    is_active: boolean;
  };
  der: string | null;
  employees: {
    name: string;
    member_number: string | null;
    uscg_cred: string | null;
    role: string;
    membership: string;
  }[];
  vessels: { name: string; official_number: string | null; vessel_type: string | null; is_active: boolean }[];
  generatedAt: Date;
  /** The date printed as "Generated": the office day of `generatedAt` (lib/dates.ts), which the caller knows. */
  generatedOn: string;
}

export const rosterFilename = (businessId: number) => `business-roster-${businessId}.pdf`;

const NAVY = rgb(0.06, 0.18, 0.36);
const GREY = rgb(0.35, 0.35, 0.35);
const MARGIN = 54;
const PAGE: [number, number] = [612, 792];

export async function renderRosterPdf(input: RosterInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Business roster: ${printable(input.business.name)}`);
  doc.setAuthor("APCA");
  doc.setCreationDate(input.generatedAt);
  doc.setModificationDate(input.generatedAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = doc.addPage(PAGE);
  let y = PAGE[1] - MARGIN;

  const text = (
    value: string,
    x: number,
    opts: { size?: number; font?: PDFFont; color?: typeof NAVY } = {},
  ) => {
    const size = opts.size ?? 9;
    const font = opts.font ?? regular;
    let shown = printable(value);
    const room = PAGE[0] - MARGIN - x;
    while (shown.length > 1 && font.widthOfTextAtSize(shown, size) > room) shown = shown.slice(0, -1);
    page.drawText(shown, { x, y, size, font, color: opts.color ?? rgb(0, 0, 0) });
  };
  const newLine = (step: number) => {
    y -= step;
    if (y < MARGIN + 20) {
      page = doc.addPage(PAGE);
      y = PAGE[1] - MARGIN;
    }
  };
  const table = (columns: [string, number][], rows: string[][]) => {
    columns.forEach(([label, x]) => text(label, MARGIN + x, { font: bold, color: NAVY }));
    newLine(14);
    for (const row of rows) {
      row.forEach((cell, i) => text(cell, MARGIN + columns[i][1]));
      newLine(13);
    }
    if (!rows.length) {
      text("None.", MARGIN, { color: GREY });
      newLine(13);
    }
  };

  text("APCA", MARGIN, { size: 22, font: bold, color: NAVY });
  newLine(16);
  text("Maritime DOT/USCG Drug-Testing Consortium", MARGIN, { size: 10, color: NAVY });
  newLine(8);
  page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE[0] - MARGIN, y }, thickness: 1.5, color: NAVY });
  newLine(30);
  text("Business Roster", MARGIN, { size: 18, font: bold });
  newLine(16);
  text(`Generated ${input.generatedOn}`, MARGIN, { size: 9, color: GREY });
  newLine(24);

  const b = input.business;
  const facts: [string, string][] = [
    ["Company", b.name],
    ["Doing business as", b.dba_name ?? "-"],
    ["Tax ID (EIN)", b.tax_id ?? "-"],
    ["Address", b.address || "-"],
    ["Phone", b.phone ?? "-"],
    ["E-mail", b.email ?? "-"],
    ["DER", input.der ?? "None attached"],
    ["Status", b.is_active ? "Active" : "Inactive"],
  ];
  for (const [label, value] of facts) {
    text(label, MARGIN, { size: 10, color: GREY });
    text(value, MARGIN + 130, { size: 10, font: bold });
    newLine(15);
  }
  newLine(12);

  text(`Employees (${input.employees.length})`, MARGIN, { size: 13, font: bold });
  newLine(18);
  table(
    [["Name", 0], ["Member no.", 170], ["USCG credential", 250], ["Role", 350], ["Membership", 410]],
    input.employees.map((e) => [e.name, e.member_number ?? "-", e.uscg_cred ?? "-", e.role, e.membership]),
  );
  newLine(14);

  text(`Vessels (${input.vessels.length})`, MARGIN, { size: 13, font: bold });
  newLine(18);
  table(
    [["Name", 0], ["Official number", 200], ["Type", 300], ["In service", 430]],
    input.vessels.map((
      v,
    ) => [v.name, v.official_number ?? "-", v.vessel_type ?? "-", v.is_active ? "Yes" : "No"]),
  );
  newLine(10);
  text("This roster lists enrollment only and contains no test results (49 CFR 40.321).", MARGIN, {
    size: 8,
    color: GREY,
  });
  return await doc.save();
}
